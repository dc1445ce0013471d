import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { loggerOptions, type LogDestination } from './logger.ts';

// What `npm start` writes per request, at each level, on a terminal and elsewhere.
class Captured implements LogDestination {
  lines: string[] = [];
  constructor(readonly isTTY: boolean) {}
  write(chunk: string) {
    this.lines.push(...chunk.split('\n').filter((l) => l !== ''));
    return true;
  }
  // Colours stripped: what a person reads.
  get text() {
    // eslint-disable-next-line no-control-regex
    return this.lines.map((l) => l.replace(/\x1b\[[0-9;]*m/g, ''));
  }
}

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function serve(level: Config['LOG_LEVEL'], out: Captured) {
  app = Fastify(loggerOptions(level, out));
  app.get('/api/things', async () => ({ ok: true }));
  app.get('/api/broken', async (request) => {
    request.log.warn('something to look at');
    throw new Error('boom');
  });
  await app.ready();
  out.lines.length = 0;
  return app;
}

describe('request logging', () => {
  it('writes no line per request at the default level, but still warnings and errors', async () => {
    const out = new Captured(false);
    const server = await serve('info', out);
    await server.inject({ method: 'GET', url: '/api/things' });
    expect(out.lines).toEqual([]);
    await server.inject({ method: 'GET', url: '/api/broken' });
    const levels = out.lines.map((l) => (JSON.parse(l) as { level: number }).level);
    expect(levels).toContain(40);
    expect(levels).toContain(50);
    expect(out.lines.some((l) => l.includes('"url":"/api/things"'))).toBe(false);
  });

  it('writes one JSON line per request at debug when the output is not a terminal', async () => {
    const out = new Captured(false);
    const server = await serve('debug', out);
    await server.inject({ method: 'GET', url: '/api/things?page=2' });
    expect(out.lines).toHaveLength(1);
    const line = JSON.parse(out.lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 20, msg: 'request', method: 'GET', url: '/api/things?page=2', status: 200 });
    expect(typeof line.ms).toBe('number');
  });

  it('writes readable lines, not JSON, on a terminal: time, level, method, url, status and milliseconds', async () => {
    const out = new Captured(true);
    const server = await serve('debug', out);
    await server.inject({ method: 'GET', url: '/api/things' });
    await server.inject({ method: 'POST', url: '/api/nowhere' });
    expect(out.text).toHaveLength(2);
    expect(out.text[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] DEBUG: GET \/api\/things 200 \d+ ms$/);
    expect(out.text[1]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] DEBUG: POST \/api\/nowhere 404 \d+ ms$/);
    expect(() => JSON.parse(out.lines[0]!)).toThrow();
  });

  it('shows other messages on a terminal as time, level and message', async () => {
    const out = new Captured(true);
    const server = await serve('info', out);
    server.log.info('Warehouse is ready');
    await server.inject({ method: 'GET', url: '/api/things' });
    expect(out.text).toEqual([expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Warehouse is ready$/)]);
  });
});
