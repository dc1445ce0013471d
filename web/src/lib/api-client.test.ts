import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client.ts';
import { NETWORK_ERROR_MESSAGE, ORDERS_NETWORK_ERROR_MESSAGE, ORDERS_UNAUTHORIZED_MESSAGE, UPLOAD_ORDERS_AUTH_MESSAGE } from './api-errors.ts';
import { appStore, tokenAtom } from './session.ts';
import { uploadFile } from './upload.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  appStore.set(tokenAtom, null);
});

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('call-specific messages (spec section 8)', () => {
  it('uses the general network text unless the call names its own', async () => {
    appStore.set(tokenAtom, 'token');
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('fetch failed'); }));
    await expect(apiRequest('/users')).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 0 });
    await expect(apiRequest('/orders', { networkMessage: ORDERS_NETWORK_ERROR_MESSAGE })).rejects.toMatchObject({
      message: 'Network error - please check your connection',
    });
  });

  it("says 'Authentication failed' for a 401 on the order list, the server's message otherwise", async () => {
    appStore.set(tokenAtom, 'token');
    vi.stubGlobal('fetch', answer(401, { success: false, message: 'Session expired', error: { code: 'UNAUTHENTICATED', message: 'Session expired' } }));
    await expect(apiRequest('/orders', { unauthorizedMessage: ORDERS_UNAUTHORIZED_MESSAGE })).rejects.toMatchObject({
      message: 'Authentication failed',
      status: 401,
    });
    appStore.set(tokenAtom, 'token');
    vi.stubGlobal('fetch', answer(403, { success: false, message: 'Forbidden here', error: { code: 'FORBIDDEN', message: 'Forbidden here' } }));
    await expect(apiRequest('/orders', { unauthorizedMessage: ORDERS_UNAUTHORIZED_MESSAGE })).rejects.toMatchObject({ message: 'Forbidden here' });
  });

  it('asks to log in before uploading orders when there is no session', async () => {
    await expect(
      uploadFile('/files/upload/orders', new Blob(['x']), { defaultMessage: 'Upload failed', noTokenMessage: UPLOAD_ORDERS_AUTH_MESSAGE }),
    ).rejects.toMatchObject({ message: 'Authentication required. Please log in to upload orders.', status: 401 });
  });
});

describe('retries of a change (Idempotency-Key)', () => {
  it('sends one key per change and the same key on each retry after a lost answer, then gives the answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      appStore.set(tokenAtom, 'token');
      const keys: (string | null)[] = [];
      let calls = 0;
      vi.stubGlobal(
        'fetch',
        vi.fn(async (_url: string, init: RequestInit) => {
          keys.push(new Headers(init.headers).get('idempotency-key'));
          calls++;
          if (calls === 1) throw new TypeError('fetch failed');
          if (calls === 2) return new Response(JSON.stringify({ success: false, message: 'down', error: { code: 'UNAVAILABLE', message: 'down' } }), { status: 503 });
          return new Response(JSON.stringify({ success: true, data: { ok: 1 } }), { status: 200 });
        }),
      );
      const answer = apiRequest<{ ok: number }>('/inventory/adjust', { method: 'POST', body: { quantity: 1 } });
      await vi.runAllTimersAsync();
      await expect(answer).resolves.toMatchObject({ data: { ok: 1 } });
      expect(keys).toHaveLength(3);
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(new Set(keys).size).toBe(1);
      // The next action is another key.
      await apiRequest('/inventory/adjust', { method: 'POST', body: { quantity: 1 } });
      expect(keys[3]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[3]).not.toBe(keys[0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry a refusal, nor a read, and sends no key with a read', async () => {
    appStore.set(tokenAtom, 'token');
    const refused = answer(409, { success: false, message: 'Order #1 is completed', error: { code: 'ILLEGAL_TRANSITION', message: 'Order #1 is completed' } });
    vi.stubGlobal('fetch', refused);
    await expect(apiRequest('/orders/1/cancel', { method: 'POST' })).rejects.toMatchObject({ status: 409 });
    expect(refused).toHaveBeenCalledTimes(1);
    const read = answer(503, { success: false, message: 'down', error: { code: 'UNAVAILABLE', message: 'down' } });
    vi.stubGlobal('fetch', read);
    await expect(apiRequest('/orders')).rejects.toMatchObject({ status: 503 });
    expect(read).toHaveBeenCalledTimes(1);
    const init = (read.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).has('idempotency-key')).toBe(false);
  });
});

describe('read your writes with a read replica (X-Read-After)', () => {
  it('sends the highest read_after this tab has seen with every read, none before one is seen, and none with changes', async () => {
    appStore.set(tokenAtom, 'token');
    const sent: { method: string; readAfter: string | null }[] = [];
    let readAfter: string | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push({ method: init.method ?? 'GET', readAfter: new Headers(init.headers).get('x-read-after') });
        return new Response(JSON.stringify({ success: true, data: null, ...(readAfter ? { read_after: readAfter } : {}) }), { status: 200 });
      }),
    );
    await apiRequest('/orders');
    readAfter = '0/1A2B3C0';
    await apiRequest('/orders/1/cancel', { method: 'POST' });
    await apiRequest('/orders');
    // An answer with an older position (another server's) does not take the reads back.
    readAfter = '0/FFFF';
    await apiRequest('/orders/2/cancel', { method: 'POST' });
    readAfter = undefined;
    await apiRequest('/orders');
    expect(sent).toEqual([
      { method: 'GET', readAfter: null },
      { method: 'POST', readAfter: null },
      { method: 'GET', readAfter: '0/1A2B3C0' },
      { method: 'POST', readAfter: null },
      { method: 'GET', readAfter: '0/1A2B3C0' },
    ]);
  });
});
