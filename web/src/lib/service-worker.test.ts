import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker.ts';

describe('the service worker registration', () => {
  it('registers /sw.js for the whole app in a production build', async () => {
    const register = vi.fn(async () => ({}) as ServiceWorkerRegistration);
    expect(await registerServiceWorker({ production: true, container: { register } })).toBe(true);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('registers nothing in development, nor where the browser has no service workers (plain HTTP on a LAN address)', async () => {
    const register = vi.fn(async () => ({}) as ServiceWorkerRegistration);
    expect(await registerServiceWorker({ production: false, container: { register } })).toBe(false);
    expect(await registerServiceWorker({ production: true, container: undefined })).toBe(false);
    expect(register).not.toHaveBeenCalled();
  });

  it('a registration the browser refuses leaves the app working', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const register = vi.fn(async () => Promise.reject(new Error('SecurityError')));
    expect(await registerServiceWorker({ production: true, container: { register } })).toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
