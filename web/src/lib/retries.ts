import { ApiError } from './api-errors.ts';

// A state-changing call carries one Idempotency-Key per user action; when its answer is lost (the network dropped,
// or the server could not reach its database) it is sent again with the same key, which the server answers
// without doing the work twice.


// Waits before the second and the third try.
export const RETRY_DELAYS_MS = [500, 2000] as const;

// 128 random bits as hex. crypto.getRandomValues works over plain HTTP on the warehouse LAN, where
// crypto.randomUUID (secure contexts only) is missing.
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// No answer (status 0), or a gateway or the service saying it could not finish: the request may or may not have
// been done, and only a retry under the same key is safe.
export function answerWasLost(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}

// A read (TanStack Query) that fails shows its error at once, never behind a 'Loading...' for seconds: a refusal
// (4xx) or a fault in the app itself is final; a lost answer or a 5xx is tried once more after a short pause, which
// a blip survives without anyone waiting on it.
export const QUERY_RETRY_DELAY_MS = 300;

export function retryQuery(failureCount: number, error: unknown): boolean {
  return failureCount === 0 && error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });
}
