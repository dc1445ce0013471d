import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressTree } from '../../../web/build/precompress.ts';
import { startTestApp, type TestApp } from './testing.ts';

// The web build precompresses its assets (web/build/precompress.ts); the service sends the encoding the client accepts.
describe('static assets', () => {
  let t: TestApp;
  let dist: string;
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'wh-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/app-1a2b.js"></script>');
    await writeFile(join(dist, 'assets', 'app-1a2b.js'), script);
    // A build made with source maps (a development build copied over): its maps stay unserved.
    await writeFile(join(dist, 'assets', 'app-1a2b.js.map'), JSON.stringify({ version: 3, sources: ['src/secret.ts'], sourcesContent: ['// secret '.repeat(400)], mappings: '' }));
    await compressTree(dist);
    t = await startTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.stop();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (encoding?: string) =>
    t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js', headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('serves a JavaScript asset brotli-encoded to a client that accepts br', async () => {
    const res = await get('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['content-type'])).toContain('javascript');
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('serves it gzip-encoded to a client that accepts only gzip', async () => {
    const res = await get('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('serves it as it is to a client that accepts no encoding', async () => {
    const res = await get();
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('keeps the caching of a static file: not the no-store of API answers', async () => {
    const res = await get('br');
    expect(res.headers['cache-control']).toBeDefined();
    expect(res.headers['cache-control']).not.toContain('no-store');
  });

  it('never serves a source map, in any encoding', async () => {
    for (const encoding of [undefined, 'gzip', 'br']) {
      const res = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js.map', headers: encoding ? { 'accept-encoding': encoding } : {} });
      expect({ encoding, status: res.statusCode }).toEqual({ encoding, status: 404 });
    }
  });
});

// The page itself and every path the web app routes on the client: the app, whatever the client says it accepts.
describe('the web app and unknown paths', () => {
  let t: TestApp;
  let dist: string;
  const page = '<!doctype html><title>Warehouse</title><div id="root"></div>';
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'wh-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), page);
    await writeFile(join(dist, 'assets', 'app-1a2b.js'), 'export {};\n');
    await compressTree(dist);
    t = await startTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.stop();
    await rm(dist, { recursive: true, force: true });
  });

  const request = (method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS', url: string, encoding?: string) =>
    t.app.inject({ method, url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });
  // No header at all, identity, each encoding the build writes, a wildcard, and values no client should send.
  const ENCODINGS = [undefined, '', 'identity', 'gzip', 'br', 'gzip, deflate, br', 'br;q=0, gzip;q=0', '*', 'identity;q=0', 'x-unknown', ';;;', 'gzip;q=abc'];
  const APP_PATHS = ['/', '/orders', '/orders/10001', '/inventory/search?q=KN1010', '/assets', '/assets/', '/stock-entry/', '/index.html'];

  function decoded(res: Awaited<ReturnType<typeof request>>): string {
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
    if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
    expect(encoding).toBeUndefined();
    return res.body;
  }

  it.each(APP_PATHS)('GET %s serves the app whatever Accept-Encoding says', async (path) => {
    for (const encoding of ENCODINGS) {
      const res = await request('GET', path, encoding);
      expect({ encoding, status: res.statusCode }).toEqual({ encoding, status: 200 });
      expect(String(res.headers['content-type'])).toContain('text/html');
      expect(decoded(res)).toBe(page);
    }
  });

  it('HEAD / answers as GET would, without a body', async () => {
    for (const encoding of [undefined, 'gzip']) {
      const res = await request('HEAD', '/', encoding);
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-type'])).toContain('text/html');
      expect(res.body).toBe('');
    }
  });

  it('a missing asset is 404, not the page (the browser would run HTML as a script), and so is a path out of the build', async () => {
    const paths = ['/assets/app-0000.js', '/..%2fpackage.json', '/assets/..%5c..%5cpackage.json', '/%2e%2e/package.json', '/.env'];
    for (const path of paths) {
      for (const encoding of [undefined, 'gzip', 'br']) {
        const res = await request('GET', path, encoding);
        expect({ path, encoding, status: res.statusCode }).toEqual({ path, encoding, status: 404 });
        expect(res.json()).toEqual({ success: false, message: 'Not found', error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
    }
  });

  it('a path with a NUL is refused at the boundary like any other input holding one', async () => {
    for (const encoding of [undefined, 'gzip', 'br']) {
      const res = await request('GET', '/assets/app-1a2b.js%00.txt', encoding);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it.each(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const)('%s on an unknown /api path answers 404 JSON', async (method) => {
    for (const path of ['/api', '/api/', '/api/nothing-here', '/api/orders/1/nothing', '/api/assets/app-1a2b.js', '/api/index.html', '/api/nothing?x=1']) {
      for (const encoding of [undefined, 'gzip', 'br']) {
        const res = await request(method, path, encoding);
        expect({ method, path, encoding, status: res.statusCode }).toEqual({ method, path, encoding, status: 404 });
        expect(String(res.headers['content-type'])).toContain('application/json');
        expect(res.headers['cache-control']).toBe('no-store');
        if (method !== 'HEAD') {
          expect(res.json()).toEqual({ success: false, message: 'Not found', error: { code: 'NOT_FOUND', message: 'Not found' } });
        }
      }
    }
  });
});
