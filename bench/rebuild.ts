// Projection rebuild throughput: the real rebuild (services/projector/src/rebuild.ts, every projection, one
// transaction) over the generated history (bench/generate.ts, BENCH_ORDERS orders). A rebuild of 1,000,000 orders
// replays about 7 million events and takes minutes, so it runs BENCH_REBUILD_RUNS times (default 1), not BENCH_RUNS.
import { sql } from 'kysely';
import { createDatabase } from '@wh/migrations';
import { projections } from '../services/projector/src/projections/index.ts';
import { rebuildReadModels } from '../services/projector/src/rebuild.ts';
import { ensureHistory, REBUILD_BATCH } from './generate.ts';
import type { Bench } from './lib/types.ts';

const TARGET = 20_000;

export const bench: Bench = async (ctx) => {
  const orders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
  const runs = Math.max(1, Number(process.env.BENCH_REBUILD_RUNS ?? 1));
  const history = await ensureHistory(ctx.pgUrl, orders, ctx.log);
  const { db, close } = createDatabase(history.url, { application: 'bench-rebuild' });
  const rates: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      // Start from a clean table state, as the first rebuild of a history does: the previous run's dead rows would
      // otherwise be part of the figure.
      await sql`vacuum analyze`.execute(db);
      const t0 = performance.now();
      const { events } = await rebuildReadModels(db, projections, { batchSize: REBUILD_BATCH });
      const seconds = (performance.now() - t0) / 1000;
      rates.push(events / seconds);
      ctx.log(`run ${run + 1}/${runs}: ${events.toLocaleString('en-GB')} events in ${seconds.toFixed(1)} s`);
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
