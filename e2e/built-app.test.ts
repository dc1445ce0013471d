import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'playwright-core';
import { ADMIN_PASSWORD, startE2E, type E2E } from './harness.ts';

// The web app as `npm run build -w @wh/web` makes it and the service serves it.
const webDist = fileURLToPath(new URL('../web/dist', import.meta.url));

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('the built web app', () => {
  let e2e: E2E;
  let files: string[];
  const get = (url: string) => e2e.app.app.inject({ method: 'GET', url });
  beforeAll(async () => {
    files = await filesUnder(webDist);
    e2e = await startE2E();
  });
  afterAll(() => e2e?.stop());

  it('holds no source maps, and its bundles point to none', async () => {
    const bundles = files.filter((f) => /\.(js|css)$/.test(f));
    expect(bundles.length).toBeGreaterThan(0);
    expect(files.filter((f) => /\.map(\.gz|\.br)?$/.test(f))).toEqual([]);
    for (const bundle of bundles) expect({ bundle, mapped: (await readFile(bundle, 'utf8')).includes('sourceMappingURL') }).toEqual({ bundle, mapped: false });
  });

  it('serves a service worker that keeps the page and every file of the build, named by the build', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    const shell = JSON.parse(/const SHELL = (\[.*\]);/.exec(res.body)![1]!) as string[];
    const built = files.map((f) => `/${f.slice(webDist.length + 1)}`).filter((f) => f.startsWith('/assets/') && !/\.(gz|br)$/.test(f));
    expect(shell[0]).toBe('/');
    expect([...shell.slice(1)].sort()).toEqual(built.sort());
    expect(res.body).toMatch(/const CACHE = 'wh-shell-[0-9a-f]{16}';/);
  });

  it('answers 404 for the source map of any bundle', async () => {
    for (const bundle of files.filter((f) => f.endsWith('.js'))) {
      const url = `/${bundle.slice(webDist.length + 1)}.map`;
      const res = await get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('serves its bundles with their caching and the page with a policy that keeps it to its own host', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).not.toContain('no-store');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1] ?? '';
    expect(script).not.toBe('');
    const bundle = await get(script);
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['cache-control']).not.toContain('no-store');
  });

  it("connects the live socket under the page's policy, which refuses no connection or image of the app's", async () => {
    const { context, page } = await e2e.newPage();
    try {
      await context.addInitScript(
        "window.__refused = []; document.addEventListener('securitypolicyviolation', (e) => window.__refused.push(e.violatedDirective + ' ' + e.blockedURI));",
      );
      // The server's first answer on the socket, whenever it comes.
      const answered = new Promise<WebSocket>((resolve) =>
        page.on('websocket', (ws) => {
          if (ws.url().endsWith('/api/live')) ws.once('framereceived', () => resolve(ws));
        }),
      );
      await e2e.signIn(page, 'admin', ADMIN_PASSWORD);
      await page.waitForURL((u) => u.pathname === '/dashboard');
      expect((await answered).isClosed()).toBe(false);
      // (zod tries `new Function` once to see whether it may, and takes the refusal: script-src is not this test's.)
      const refused = (await page.evaluate('window.__refused')) as string[];
      expect(refused.filter((r) => /^(connect|img|default)-src/.test(r))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
