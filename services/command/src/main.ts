import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './platform/config.ts';
import { startServer } from './server.ts';

// The command service on its own (docker-compose): DATABASE_URL is required, the projector runs elsewhere.
try {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new ConfigError('Invalid configuration:\n- DATABASE_URL: required when the command service runs on its own');
  const server = await startServer({
    config: { ...config, DATABASE_URL: config.DATABASE_URL },
    withProjector: process.env.WITH_PROJECTOR === 'true',
    webDist: fileURLToPath(new URL('../../../web/dist', import.meta.url)),
    filePool: { warm: true },
  });
  // A stop (docker stop, a rolling restart) drains: requests in flight finish, live sockets are told to reconnect
  // elsewhere (server.ts close); a second signal while draining changes nothing.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
