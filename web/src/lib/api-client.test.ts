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
