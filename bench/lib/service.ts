// Pieces the import, command and live-push benchmarks share: a service on a scratch database, sign-in,
// percentiles, and running one benchmark alone from the command line.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createDatabase, migrate, type DatabaseHandle } from '@wh/db';
import { createTestDatabase } from '@wh/db/testing';
import { loadConfig, type Config } from '../../services/command/src/platform/config.ts';
import type { Bench, BenchContext, BenchRow } from './types.ts';

export const ADMIN_PASSWORD = 'bench-password';

// The configuration of a command service a benchmark starts in its own process (startServer) on `url`: quiet, any
// port, and a sign-in limit no benchmark's logins reach.
export function inProcessConfig(url: string): Config & { DATABASE_URL: string } {
  return { ...loadConfig({}), DATABASE_URL: url, ADMIN_PASSWORD, LOG_LEVEL: 'silent', PORT: 0, HOST: '127.0.0.1', LOGIN_RATE_LIMIT: 1000 };
}
const MAIN = fileURLToPath(new URL('../../services/command/src/main.ts', import.meta.url));
// As deployed (npm start, the Dockerfile): the service's own TypeScript loader, not tsx (scripts/ts-loader.mjs).
export const LOADER = process.env.BENCH_SERVICE_LOADER || fileURLToPath(new URL('../../scripts/ts-loader.mjs', import.meta.url));

export interface BenchService {
  // http://127.0.0.1:port
  url: string;
  databaseUrl: string;
  // The benchmark's own connections, for checks (the service's pool is not shared with the load generator).
  database: DatabaseHandle;
  pid: number;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

// The service as deployed with its projector in process (WITH_PROJECTOR=true), in a process of its own so the
// load generator does not share its event loop, on a fresh database or, with `template`, a copy of that one (a
// generated history, bench/generate.ts).
export async function startBenchService(pgUrl: string, options: { readYourWritesMs?: number; template?: string } = {}): Promise<BenchService> {
  const scratch = await createTestDatabase(pgUrl, { migrate: false, template: options.template });
  await migrate(scratch.url);
  const ryw = options.readYourWritesMs ?? (process.env.BENCH_RYW_MS ? Number(process.env.BENCH_RYW_MS) : undefined);
  const service = await startCommandProcess(scratch.url, { WITH_PROJECTOR: 'true', ...(ryw !== undefined ? { READ_YOUR_WRITES_TIMEOUT_MS: String(ryw) } : {}) });
  const database = createDatabase(scratch.url, { application: 'bench', max: 4 });
  return {
    url: service.url,
    databaseUrl: scratch.url,
    database,
    pid: service.pid,
    async close() {
      await database.close();
      await service.stop();
      await scratch.drop();
    },
  };
}

export interface BenchProcess {
  pid: number;
  // SIGTERM, then SIGKILL if it has not exited within a minute.
  stop(): Promise<void>;
}

// `node [BENCH_SERVICE_NODE_ARGS] --import <loader> <entry>`, as the Dockerfile runs the services, its output dropped
// but for errors.
export function startNodeProcess(entry: string, env: NodeJS.ProcessEnv): BenchProcess & { child: ChildProcess; exited: Promise<void> } {
  const child: ChildProcess = spawn(process.execPath, [...(process.env.BENCH_SERVICE_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', LOADER, entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    exited,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      // A service under a diagnostic preload (bench/lib/trace-commands.mjs) may take many seconds to close and write its
      // report; a plain one closes in well under one.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 60_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

// One command service (services/command/src/main.ts) on a free port of this host, answering /api/health.
export async function startCommandProcess(databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<BenchProcess & { url: string }> {
  const port = await freePort();
  const service = startNodeProcess(MAIN, {
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOGIN_RATE_LIMIT: '10000',
    NODE_ENV: 'production',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (service.child.exitCode !== null) throw new Error(`the service exited with ${service.child.exitCode}`);
    const up = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 600) throw new Error('the service did not start within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, pid: service.pid, stop: service.stop };
}

export async function api<T = unknown>(
  url: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: { success: boolean; data: T; message?: string; projected?: boolean; position?: string } }> {
  const res = await fetch(url + path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as never };
}

export async function signIn(url: string, username: string, password: string): Promise<string> {
  const res = await api<{ token: string }>(url, '/api/auth/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

export async function expectOk<T>(promise: ReturnType<typeof api<T>>, what: string): Promise<T> {
  const res = await promise;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body.data;
}

// CPU seconds (user + system) a process has used, from /proc, with `children` its reaped children's too: where a
// benchmark's cost goes, independent of how long other work on the host made it wait. null where /proc has no such
// process (gone, or not on this host).
export function cpuSeconds(pid: number, options: { children?: boolean } = {}): number | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12]) + (options.children ? Number(f[13]) + Number(f[14]) : 0)) / 100;
  } catch {
    return null;
  }
}

// CPU seconds of each thread of a process, by thread id (/proc/<pid>/task): the event loop's id is the pid; the
// others are V8's GC helpers, libuv's pool and worker threads (the file pool), which /proc names alike. Empty where
// /proc has no such process.
export function threadCpuSeconds(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  let ids: string[];
  try {
    ids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const id of ids) {
    try {
      const text = readFileSync(`/proc/${pid}/task/${id}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      threads.set(Number(id), (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // ended meanwhile
    }
  }
  return threads;
}

export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const median = (values: readonly number[]) => percentile(values, 0.5);

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export function printRows(rows: readonly BenchRow[]): void {
  console.log(`${'group'.padEnd(9)} ${'name'.padEnd(52)} ${'median'.padStart(10)} ${'baseline'.padStart(9)} ${'ratio'.padStart(6)}  target`);
  for (const r of rows) {
    console.log(
      `${r.group.padEnd(9)} ${r.name.padEnd(52)} ${`${r.median} ${r.unit}`.padStart(10)} ${(r.baseline?.toString() ?? '').padStart(9)} ${(r.ratio?.toString() ?? '').padStart(6)}  ${r.target} ${r.pass ? 'ok' : 'MISSED'}`,
    );
  }
}

// `npx tsx bench/<name>.ts`: BENCH_DATABASE_URL (default the local server) and BENCH_RUNS (default 3).
export async function runAlone(moduleUrl: string, bench: Bench): Promise<void> {
  if (!process.argv[1] || pathToFileURL(process.argv[1]).href !== moduleUrl) return;
  const ctx: BenchContext = {
    pgUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    runs: Number(process.env.BENCH_RUNS ?? 3),
    log: (message) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`),
  };
  printRows(await bench(ctx));
}
