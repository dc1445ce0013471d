import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@wh/command/testing';

// The web app as `npm run build -w @wh/web` makes it and the service serves it.
const webDist = fileURLToPath(new URL('../web/dist', import.meta.url));

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('the built web app', () => {
  let t: TestApp;
  let files: string[];
  beforeAll(async () => {
    files = await filesUnder(webDist);
    t = await startTestApp({ webDist });
  });
  afterAll(() => t?.stop());

  it('holds no source maps, and its bundles point to none', async () => {
    const bundles = files.filter((f) => /\.(js|css)$/.test(f));
    expect(bundles.length).toBeGreaterThan(0);
    expect(files.filter((f) => /\.map(\.gz|\.br)?$/.test(f))).toEqual([]);
    for (const bundle of bundles) expect({ bundle, mapped: (await readFile(bundle, 'utf8')).includes('sourceMappingURL') }).toEqual({ bundle, mapped: false });
  });

  it('answers 404 for the source map of any bundle', async () => {
    for (const bundle of files.filter((f) => f.endsWith('.js'))) {
      const url = `/${bundle.slice(webDist.length + 1)}.map`;
      const res = await t.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('serves its bundles with their caching and the page with a policy that keeps it to its own host', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).not.toContain('no-store');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1] ?? '';
    expect(script).not.toBe('');
    const bundle = await t.app.inject({ method: 'GET', url: script });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['cache-control']).not.toContain('no-store');
  });
});
