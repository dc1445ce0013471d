import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, startServer } from '@wh/command';
import { relative } from 'node:path';
import { clusterHome, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.ts';

// `npm start`: the whole app in one process. Without DATABASE_URL it brings its own PostgreSQL under ./.data (as root,
// where the `postgres` user cannot reach ./.data, under /var/lib/warehouse: embedded-postgres.ts).
const root = fileURLToPath(new URL('..', import.meta.url));

async function main() {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const dataDir = process.env.DATA_DIR ?? `${root}.data`;
    const home = await clusterHome(dataDir);
    const shown = home.startsWith(root) ? `./${relative(root, home)}` : home;
    console.log(`DATABASE_URL is not set: starting an embedded PostgreSQL under ${shown} ...`);
    embedded = await startEmbeddedPostgres(dataDir);
    databaseUrl = embedded.url;
  }
  const server = await startServer({
    config: { ...config, DATABASE_URL: databaseUrl },
    withProjector: true,
    webDist: `${root}web/dist`,
    filePool: { warm: true },
  });
  const shown = server.url.replace('0.0.0.0', 'localhost').replace('127.0.0.1', 'localhost');
  console.log(`\nWarehouse is running at ${shown}`);
  if (server.admin.generatedPassword) {
    console.log(`Sign in as "admin" with the password: ${server.admin.generatedPassword}`);
    console.log('(shown only this once; set ADMIN_PASSWORD and restart to choose another)');
  } else if (config.ADMIN_PASSWORD) {
    console.log('Sign in as "admin" with the password in ADMIN_PASSWORD.');
  } else {
    console.log('Sign in as "admin" with the password printed at the first start (or set ADMIN_PASSWORD and restart to reset it).');
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
