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
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void server.close().then(() => process.exit(0)));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
