import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../scripts/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

const LOCAL = 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

// PostgreSQL for the tests: TEST_DATABASE_URL or DATABASE_URL if set, else the machine's own server on 5432,
// else an embedded one. Each test file then makes a database of its own on it.
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    if (await reachable(LOCAL)) url = LOCAL;
    else {
      embedded = await startEmbeddedPostgres(join(tmpdir(), 'warehouse-test-pg'), 'test');
      url = embedded.url;
    }
  }
  project.provide('pgUrl', url);
  return async () => {
    await embedded?.stop();
  };
}
