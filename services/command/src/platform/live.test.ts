import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_CLOSE_UNAUTHORIZED, type LiveServerMessage } from '@wh/contracts';
import { startTestApp, type TestApp } from '../testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
});
afterAll(() => t.stop());

interface Socket {
  ws: WebSocket;
  messages: LiveServerMessage[];
  closed: Promise<number>;
  next(match: (m: LiveServerMessage) => boolean, timeoutMs?: number): Promise<LiveServerMessage>;
}

function open(): Promise<Socket> {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/live`);
  const messages: LiveServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (raw) => {
    messages.push(JSON.parse(raw.toString()));
    for (const w of waiters) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const socket: Socket = {
    ws,
    messages,
    closed,
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('error', reject);
  });
}

async function authed(token: string | null): Promise<Socket> {
  const socket = await open();
  socket.ws.send(JSON.stringify({ type: 'auth', token }));
  await socket.next((m) => m.type === 'ready');
  return socket;
}

const changedWith = (topic: string) => (m: LiveServerMessage) => m.type === 'changed' && m.topics.includes(topic);

describe('/api/live', () => {
  it('closes with 4401 when the first message carries a bad token', async () => {
    const socket = await open();
    socket.ws.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
    expect(await socket.closed).toBe(LIVE_CLOSE_UNAUTHORIZED);
  });

  it('closes with 4401 when no auth message comes in time', async () => {
    const socket = await open();
    expect(await socket.closed).toBe(LIVE_CLOSE_UNAUTHORIZED);
  }, 15_000);

  it("tells a manager that users changed, and a worker only about the worker's own user", async () => {
    const admin = await t.asAdmin();
    const worker = await t.userWithRole('worker');
    const managerSocket = await authed(admin.token);
    const workerSocket = await authed(worker.token);

    const created = await admin.post('/api/users', { username: 'live_new', password: 'secret1' });
    await managerSocket.next(changedWith(`user:${created.body.data.id}`));
    await admin.put(`/api/users/${worker.id}`, { full_name: 'Renamed Worker' });
    await workerSocket.next(changedWith(`user:${worker.id}`));
    expect(workerSocket.messages.some(changedWith('users'))).toBe(false);
    expect(workerSocket.messages.some(changedWith(`user:${created.body.data.id}`))).toBe(false);
    managerSocket.ws.close();
    workerSocket.ws.close();
  });

  it('answers a ping with a pong', async () => {
    const admin = await t.asAdmin();
    const socket = await authed(admin.token);
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    await socket.next((m) => m.type === 'pong');
    socket.ws.close();
  });

  it('closes the socket with 4401 when its session signs out', async () => {
    const worker = await t.userWithRole('worker');
    const socket = await authed(worker.token);
    await worker.post('/api/auth/logout');
    expect(await socket.closed).toBe(LIVE_CLOSE_UNAUTHORIZED);
  });

  it('closes the socket with 4401 when a manager deactivates the user', async () => {
    const admin = await t.asAdmin();
    const worker = await t.userWithRole('worker');
    const socket = await authed(worker.token);
    await admin.patch(`/api/users/${worker.id}/toggle-status`);
    expect(await socket.closed).toBe(LIVE_CLOSE_UNAUTHORIZED);
  });
});
