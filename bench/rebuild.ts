// Projection rebuild throughput: the real rebuild (services/projector/src/rebuild.ts, every projection, beside the live
// read models) as `npm run projections:rebuild -- --pace 1` runs it (the services' loader, its own process, its
// default batch, full speed),
// over the generated history (bench/generate.ts, BENCH_ORDERS orders). A rebuild of 1,000,000 orders
// replays about 7 million events and takes minutes, so it runs BENCH_REBUILD_RUNS times (default 1), not BENCH_RUNS.
import { sql } from 'kysely';
import { createDatabase } from '@wh/db';
import { ensureHistory, timedRebuild } from './generate.ts';
import type { Bench } from './lib/types.ts';

const TARGET = 20_000;

export const bench: Bench = async (ctx) => {
  const orders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
  const runs = Math.max(1, Number(process.env.BENCH_REBUILD_RUNS ?? 1));
  const history = await ensureHistory(ctx.pgUrl, orders, ctx.log);
  const rates: number[] = [];
  // A history built just now was rebuilt once already: that is the first run.
  if (!history.reused) rates.push(history.events / history.rebuildSeconds);
  const { db, close } = createDatabase(history.url, { application: 'bench-rebuild' });
  try {
    for (let run = rates.length; run < runs; run++) {
      // Start from a clean table state, as the first rebuild of a history does: the previous run's dead rows would
      // otherwise be part of the figure.
      await sql`vacuum analyze`.execute(db);
      const { events, seconds } = await timedRebuild(history.url, ctx.log);
      rates.push(events / seconds);
    }
    await sql`vacuum analyze`.execute(db);
  } finally {
    await close();
  }
  rates.sort((a, b) => a - b);
  const median = rates[Math.floor((rates.length - 1) / 2)]!;
  return [
    {
      group: 'rebuild',
      name: `projection rebuild, ${orders.toLocaleString('en-GB')} orders`,
      median,
      unit: 'events/s',
      runs,
      target: `>= ${TARGET} events/s`,
      pass: median >= TARGET,
    },
  ];
};

export default bench;
