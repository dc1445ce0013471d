import { migrate } from './migrate.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set: migrations need a database to run against.');
  process.exit(1);
}
try {
  const applied = await migrate(url, { log: (line) => console.log(line) });
  console.log(applied.length ? `${applied.length} migration(s) applied` : 'database is up to date');
} catch (error) {
  // A refusal or a failed migration: its message says which file and why.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
