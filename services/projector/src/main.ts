import { createDatabase } from '@wh/db';
import { besideProjections, projections, stopTogether } from './projections/index.ts';
import { Projector } from './runner.ts';

// The projector on its own (docker-compose). `npm start` runs it inside the command service's process.
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set: the projector needs the database it projects.');
  process.exit(1);
}
const handle = createDatabase(url, { application: 'warehouse-projector', max: 4 });
// As the command service's PROJECTION_RETRY_MS: how often a stopped projection is tried again.
const retryMs = Number(process.env.PROJECTION_RETRY_MS ?? '');
const projector = new Projector({
  databaseUrl: url,
  db: handle.db,
  projections,
  beside: besideProjections,
  together: stopTogether,
  ...(retryMs >= 100 ? { stopRetryMs: retryMs } : {}),
  log: (level, msg, extra) => console.log(JSON.stringify({ level, msg, ...extra })),
});
projector.start();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await projector.stop();
    await handle.close();
    process.exit(0);
  });
}
