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
});
