// The commands benchmark (bench/commands.ts) on a copy of the generated history (bench/generate.ts, BENCH_ORDERS
// orders, default 1,000,000): the same load, with a year of events, orders, picks and stock behind it. A statement
// that reads a table whole, or an index the planner does not use, shows here and not on a fresh database.
//   npx tsx bench/commands-history.ts   (BENCH_DATABASE_URL, BENCH_RUNS, BENCH_ORDERS)
import { ensureHistory } from './generate.ts';
import { commandsBench } from './commands.ts';
import { runAlone } from './lib/service.ts';
import type { Bench } from './lib/types.ts';

export const bench: Bench = async (ctx) => {
  const orders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
  const history = await ensureHistory(ctx.pgUrl, orders, ctx.log);
  ctx.log(`commands: copying ${history.database} (${history.events.toLocaleString('en-GB')} events) for the service`);
  return commandsBench({ template: history.database, within: `on a ${orders.toLocaleString('en-GB')}-order history` })(ctx);
};

export default bench;

await runAlone(import.meta.url, bench);
