import { describe, expect, it } from 'vitest';
import { ApiError } from './api-errors.ts';
import { queryClient } from './query-client.ts';
import { QUERY_RETRY_DELAY_MS, retryQuery } from './retries.ts';

describe('the read retry policy', () => {
  it('never retries a refusal', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) expect(retryQuery(0, new ApiError('no', status)), String(status)).toBe(false);
  });

  it('retries a lost answer or a server error once, and only once', () => {
    for (const status of [0, 500, 502, 503, 504]) {
      expect(retryQuery(0, new ApiError('down', status)), String(status)).toBe(true);
      expect(retryQuery(1, new ApiError('down', status)), String(status)).toBe(false);
    }
  });

  it("never retries a fault of the app's own", () => {
    expect(retryQuery(0, new TypeError('x is undefined'))).toBe(false);
  });

  it('waits only a moment before the one retry', () => {
    expect(QUERY_RETRY_DELAY_MS).toBeLessThanOrEqual(500);
  });

  it('is what the app-wide query client uses: a 404 is asked once, a 503 twice', async () => {
    const calls = async (status: number) => {
      let n = 0;
      await queryClient
        .fetchQuery({
          queryKey: ['retry-policy', status],
          queryFn: () => {
            n += 1;
            throw new ApiError('failed', status);
          },
        })
        .catch(() => undefined);
      return n;
    };
    expect(await calls(404)).toBe(1);
    expect(await calls(503)).toBe(2);
  });
});
