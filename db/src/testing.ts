import { randomBytes } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import { migrate } from './migrate.ts';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

// A database of the test file's own on the shared server, migrated unless asked not to; with `template`, a copy of
// that database (which must have no other connections), copied file by file rather than through the WAL.
export async function createTestDatabase(baseUrl: string, options: { migrate?: boolean; template?: string } = {}): Promise<TestDatabase> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(
    options.template === undefined ? `create database ${name}` : `create database ${name} template ${admin.escapeIdentifier(options.template)} strategy file_copy`,
  );
  await admin.end();
  const url = withDatabase(baseUrl, name);
  if (options.migrate !== false) await migrate(url);
  return {
    url,
    name,
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
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
