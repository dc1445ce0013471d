import { randomBytes } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import { migrate } from './migrate.ts';

export interface TestDatabase {
  url: string;
  name: string;
  // Drops it; a copy of a vitest run's template is left to the end of the run, which drops them all at once (each
  // DROP DATABASE waits for a checkpoint, and concurrent ones share it).
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const TEMPLATE_PREFIX = 'wh_template_';

// A database of the test file's own on the shared server. Migrated unless asked not to: in a vitest run on the run's
// server, a copy of the template test/global-setup.ts migrated once (`pgTemplate`); elsewhere (the benches, a server
// of a test's own) by running the migrations. With `template`, a copy of that database (which must have no other
// connections), copied file by file rather than through the WAL: a benchmark's generated history is large.
export async function createTestDatabase(baseUrl: string, options: { migrate?: boolean; template?: string } = {}): Promise<TestDatabase> {
  // The unit tier provides no server: a test that reaches for one fails here rather than finding one of its own.
  if (!baseUrl) throw new Error('no PostgreSQL for this test: pgUrl is provided by the server and e2e projects only (a test that needs a database is not a unit test)');
  const run = await runTemplate(baseUrl);
  const copy = run !== undefined && options.migrate !== false && options.template === undefined;
  const name = run === undefined ? uniqueName('t') : `t_${run.slice(TEMPLATE_PREFIX.length)}_${randomBytes(3).toString('hex')}`;
  await onServer(baseUrl, async (admin) => {
    if (options.template !== undefined) await admin.query(`create database ${name} template ${admin.escapeIdentifier(options.template)} strategy file_copy`);
    // A small template copies fastest through the WAL: file_copy checkpoints twice, which every other database waits on.
    else if (copy) await admin.query(`create database ${name} template ${admin.escapeIdentifier(run)} strategy wal_log`);
    else await admin.query(`create database ${name}`);
    // A test's commits need not survive a crash of the server, and waiting for each one's WAL flush (6 ms on this
    // machine's disk) is most of a command's time. Only in a test run: a benchmark measures what production does.
    if (run !== undefined) await admin.query(`alter database ${name} set synchronous_commit = off`);
  });
  const url = withDatabase(baseUrl, name);
  if (options.migrate !== false && options.template === undefined && !copy) await migrate(url);
  return run === undefined ? testDatabase(baseUrl, name) : { url, name, drop: async () => {} };
}

// A database with every migration applied that no one connects to (connections are refused), for
// createTestDatabase to copy: test/global-setup.ts makes one per run, so concurrent runs (other worktrees on the same
// server) and changed migration files never share one. Its drop() drops the template and every copy made of it.
export async function createTemplateDatabase(baseUrl: string): Promise<TestDatabase> {
  const name = uniqueName(TEMPLATE_PREFIX.slice(0, -1));
  await onServer(baseUrl, (admin) => admin.query(`create database ${name}`));
  await migrate(withDatabase(baseUrl, name));
  await onServer(baseUrl, (admin) => admin.query(`alter database ${name} allow_connections false`));
  const copies = `t_${name.slice(TEMPLATE_PREFIX.length)}_%`;
  return {
    url: withDatabase(baseUrl, name),
    name,
    async drop() {
      const { rows } = await onServer(baseUrl, (admin) => admin.query<{ name: string }>('select datname as name from pg_database where datname like $1', [copies]));
      const names = [name, ...rows.map((r) => r.name)];
      // A few at a time: each holds a connection until its checkpoint.
      for (let i = 0; i < names.length; i += 8) {
        await Promise.all(names.slice(i, i + 8).map((n) => onServer(baseUrl, (admin) => admin.query(`drop database if exists ${n} with (force)`))));
      }
    },
  };
}

// The run's template when the test's server is the run's (a vitest worker with pgTemplate provided), else none.
async function runTemplate(baseUrl: string): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  const template: string | undefined = inject('pgTemplate');
  return template !== undefined && inject('pgUrl') === baseUrl ? template : undefined;
}

function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

async function onServer<T>(baseUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

function testDatabase(baseUrl: string, name: string): TestDatabase {
  return {
    url: withDatabase(baseUrl, name),
    name,
    drop: () => onServer(baseUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

// One statement on its own connection: for a test's look into a database it made (the connection ends before the
// database is dropped or copied).
export async function queryRows<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

// Counts the statements run through a Kysely executor it is plugged into (`db.withPlugin(counter)`): its round trips.
// A transaction's BEGIN and COMMIT are not counted.
export function statementCounter(): KyselyPlugin & { count: number } {
  return {
    count: 0,
    // Once a statement executed (transformQuery also runs for a builder embedded in another statement).
    transformQuery: (args) => args.node,
    async transformResult(args) {
      this.count++;
      return args.result;
    },
  };
}
