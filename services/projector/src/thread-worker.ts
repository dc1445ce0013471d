import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase } from '@wh/migrations';
import { projections } from './projections/index.ts';
import { Projector } from './runner.ts';

// The body of a ProjectorThread (thread.ts): the projector on its own event loop, its own connections.
const { databaseUrl, pollMs } = workerData as { databaseUrl: string; pollMs: number };
const port = parentPort!;
const handle = createDatabase(databaseUrl, { application: 'warehouse-projector', max: 2 });
const projector = new Projector({
  databaseUrl,
  db: handle.db,
  projections,
  pollMs,
  onStatus: (status) => port.postMessage({ status }),
  log: (msg, extra) => port.postMessage({ log: msg, extra }),
});
port.on('message', (message: { stop?: true }) => {
  if (!message.stop) return;
  void (async () => {
    await projector.stop();
    await handle.close();
    port.postMessage({ stopped: true });
    port.close();
  })();
});
projector.start();
