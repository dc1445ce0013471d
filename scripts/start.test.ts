import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from './embedded-postgres.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

// The README's `npm start` on a machine without DATABASE_URL: an embedded PostgreSQL, the admin can sign in.
describe('npm start without DATABASE_URL', () => {
  it('starts an embedded PostgreSQL, prints the URL and the admin password, and serves the app', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'warehouse-start-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    const child = spawn(process.execPath, ['--import', join(root, 'scripts/ts-loader.mjs'), join(root, 'scripts/start.ts')], { env, cwd: root });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    try {
      const password = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start within 90 s:\n${out}`)), 90_000);
        const check = () => {
          const match = /Sign in as "admin" with the password: (\S+)/.exec(out);
          if (match && out.includes(`Warehouse is running at http://localhost:${port}`)) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        };
        child.stdout.on('data', check);
        child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
      });
      const base = `http://127.0.0.1:${port}`;
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(login.status).toBe(200);
      const body = (await login.json()) as { data: { user: { role: string } } };
      expect(body.data.user.role).toBe('manager');
      if (existsSync(join(root, 'web/dist/index.html'))) {
        const page = await fetch(`${base}/login`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<div id="root"');
      }
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
