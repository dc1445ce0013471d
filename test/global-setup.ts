import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createTemplateDatabase, type TestDatabase } from '../db/src/testing.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../scripts/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    // A database on pgUrl's server with every migration applied, which createTestDatabase copies.
    pgTemplate: string;
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

interface Server {
  url: string;
  template: TestDatabase;
  stop(): Promise<void>;
}

// One server and one migrated template for the whole run, however many projects ask (server and e2e share them).
let server: Promise<Server> | null = null;
let users = 0;

// `cluster` names the embedded cluster's folder: `npm test` runs the server and browser tiers side by side, each in a
// vitest of its own, and two servers cannot share one data directory.
async function startServer(cluster: string): Promise<Server> {
  let embedded: EmbeddedDatabase | null = null;
  let url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    if (await reachable(LOCAL)) url = LOCAL;
    else {
      embedded = await startEmbeddedPostgres(join(tmpdir(), `warehouse-test-pg-${cluster}`), 'test');
      url = embedded.url;
    }
  }
  const template = await createTemplateDatabase(url);
  return {
    url,
    template,
    async stop() {
      await template.drop();
      await embedded?.stop();
    },
  };
}

// PostgreSQL for the tests: TEST_DATABASE_URL or DATABASE_URL if set, else the machine's own server on 5432,
// else an embedded one. The migrations run once, into a template of this run's own; each test file's database is a
// copy of it.
export default async function setup(project: TestProject) {
  users++;
  server ??= startServer(project.name);
  const { url, template } = await server;
  project.provide('pgUrl', url);
  project.provide('pgTemplate', template.name);
  return async () => {
    if (--users > 0) return;
    const started = server;
    server = null;
    await (await started)?.stop();
  };
}
