import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@wh/db/testing';
import { freePort } from '../../../scripts/embedded-postgres.ts';

// docker-compose's shape: the command service and the projector as two processes on one database.
const commandMain = fileURLToPath(new URL('./main.ts', import.meta.url));
const projectorMain = fileURLToPath(new URL('../../projector/src/main.ts', import.meta.url));

let db: TestDatabase;
let base: string;
const children: ChildProcess[] = [];

function run(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

async function post(path: string, body: unknown, token?: string, method = 'POST') {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  db = await createTestDatabase(inject('pgUrl'), { migrate: false });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  run(commandMain, {
    DATABASE_URL: db.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: 'admin-password',
    LOG_LEVEL: 'silent',
    READ_YOUR_WRITES_TIMEOUT_MS: '300',
  });
  // Every migration runs first: a minute and more beside a CPU hog.
  await vi.waitFor(async () => expect((await fetch(`${base}/api/health`)).status).toBe(200), { timeout: 240_000, interval: 200 });
});

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
  await db?.drop();
});

describe('command service and projector as separate processes', () => {
  it('commands succeed without a projector and say they are not projected yet; the projector then catches up', async () => {
    const login = await post('/api/auth/login', { username: 'admin', password: 'admin-password' });
    expect(login.status).toBe(200);
    expect(login.body.projected).toBe(false);
    expect(login.body.data.user).toMatchObject({ id: 1, username: 'admin', role: 'manager' });
    const token = login.body.data.token as string;

    const created = await post('/api/users', { username: 'before_projector', password: 'secret1' }, token);
    expect(created.status).toBe(201);
    expect(created.body.projected).toBe(false);
    expect(created.body.data.username).toBe('before_projector');

    // A style's answer comes from the command itself while its projection is late, not a 404 for a style it made.
    const style = await post('/api/styles', { style_code: 'NP100', name: 'Not projected', sizes: ['M', 'S'], colors: ['Red'] }, token);
    expect(style.status).toBe(201);
    expect(style.body.projected).toBe(false);
    expect(style.body.data).toMatchObject({ style_code: 'NP100', name: 'Not projected', sizes: ['S', 'M'], variant_count: 2, total_stock: 0 });
    expect(style.body.data.variants.map((v: { sku: string }) => v.sku)).toEqual(['NP100-S-RED', 'NP100-M-RED']);
    const edited = await post(`/api/styles/${style.body.data.id}`, { name: 'Renamed' }, token, 'PUT');
    expect(edited.status).toBe(200);
    expect(edited.body.projected).toBe(false);
    expect(edited.body.data).toMatchObject({ id: style.body.data.id, name: 'Renamed', style_code: 'NP100', variant_count: 2 });

    // So does a location's, with the stock the command side holds there.
    const bin = await post('/api/locations', { code: 'B-9-9', location_type: 'bin', capacity: 10 }, token);
    expect(bin.status).toBe(201);
    expect(bin.body.projected).toBe(false);
    expect(bin.body.data).toMatchObject({ code: 'B-9-9', location_type: 'bin', capacity: 10, current_stock: 0, styles: [], sku_count: 0, is_active: true });
    const adjusted = await post('/api/inventory/adjust', { sku: 'NP100-M-RED', location: 'B-9-9', adjustment_type: 'increase', quantity: 3, reason: 'Found items' }, token);
    expect(adjusted.status).toBe(201);
    const resized = await post('/api/locations/B-9-9', { capacity: 20 }, token, 'PATCH');
    expect(resized.status).toBe(200);
    expect(resized.body.projected).toBe(false);
    expect(resized.body.data).toMatchObject({ code: 'B-9-9', capacity: 20, current_stock: 3, styles: ['NP100'], sku_count: 1, utilization: 15, available_space: 17 });

    run(projectorMain, { DATABASE_URL: db.url });
    const list = () =>
      fetch(`${base}/api/users?search=before_projector`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<any>);
    await vi.waitFor(async () => expect((await list()).data.users).toHaveLength(1), { timeout: 30_000, interval: 200 });
    const projectedStyle = (await fetch(`${base}/api/styles/${edited.body.data.id}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())) as any;
    // As answered, with the 3 units adjusted in since.
    const variants = edited.body.data.variants.map((v: { sku: string }) => (v.sku === 'NP100-M-RED' ? { ...v, quantity: 3 } : v));
    expect(projectedStyle.data).toEqual({ ...edited.body.data, total_stock: 3, variants });
    const locations = (await fetch(`${base}/api/locations?search=B-9-9`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())) as any;
    expect(locations.data.locations ?? locations.data).toEqual([resized.body.data]);

    const after = await post('/api/users', { username: 'with_projector', password: 'secret1' }, token);
    expect(after.body.projected).toBe(true);
  });
});
