// One timed rebuild of the read models, run by bench/generate.ts's `timedRebuild` in a process of its own under the
// services' loader (scripts/ts-loader.mjs), as `npm run projections:rebuild` runs it: under tsx, which the benchmarks
// run in, every closure the projections create is wrapped in esbuild's keepNames renaming, which the deployed
// rebuild does not pay. Log lines go to stdout, `step <name>` as each step starts; the last line is
// `result {"events":..,"seconds":..}`.
//   node --import ./scripts/ts-loader.mjs bench/lib/rebuild-child.ts <database url> [batch size, '' for the default] [pace]
import { setPriority } from 'node:os';
import { createDatabase } from '@wh/db';
import { projections } from '../../services/projector/src/projections/index.ts';
import type { Projection } from '../../services/projector/src/projection.ts';
import { REBUILD_BATCH_SIZE, rebuildReadModels } from '../../services/projector/src/rebuild.ts';

const [url, batch, pace] = process.argv.slice(2);
if (!url) throw new Error('usage: rebuild-child.ts <database url> [batch size] [pace]');
const batchSize = batch ? Number(batch) : REBUILD_BATCH_SIZE;
const log = (m: string) => process.stdout.write(`${m}\n`);

// Each projection's share of the time, so a slow rebuild says where to look.
const spent = new Map<string, number>();
const time = async (name: string, work: Promise<void>) => {
  const t = performance.now();
  await work;
  spent.set(name, (spent.get(name) ?? 0) + performance.now() - t);
};
const timed: Projection[] = projections.map((p) => ({
  ...p,
  apply: (...args: Parameters<typeof p.apply>) => time(p.name, p.apply(...args)),
  ...(p.rebuilder && {
    rebuilder: (...io: Parameters<NonNullable<typeof p.rebuilder>>) => {
      const r = p.rebuilder!(...io);
      return { ...r, apply: (...args: Parameters<typeof r.apply>) => time(p.name, r.apply(...args)), finish: (trx: Parameters<typeof r.finish>[0]) => time(p.name, r.finish(trx)) };
    },
  }),
}));

// As the command does (rebuild-cli.ts).
setPriority(19);
const { db, close } = createDatabase(url, { application: 'bench-rebuild' });
try {
  const t0 = performance.now();
  const { events } = await rebuildReadModels(db, timed, {
    batchSize,
    pace: pace ? Number(pace) : 1,
    onStep: (step) => log(`step ${step}`),
    onProgress: (n) => {
      if (n % 1_000_000 < batchSize) log(`  rebuild: ${n.toLocaleString('en-GB')} events, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    },
    onPhases: (p) => log(`  phases (s): ${Object.entries(p).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`),
  });
  const seconds = (performance.now() - t0) / 1000;
  log(`rebuilt ${events.toLocaleString('en-GB')} events in ${seconds.toFixed(1)} s (${Math.round(events / seconds).toLocaleString('en-GB')} events/s)`);
  log(`  per projection (s): ${[...spent].map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`).join(', ')}`);
  log(`result ${JSON.stringify({ events, seconds })}`);
} finally {
  await close();
}
