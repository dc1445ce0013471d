import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { invalidateForTopics, queryRootsForTopics, reconnectDelay, touchesUser } from './live-topics.ts';

// A client holding one query of every screen's kind, each shown by an observer as an open screen's would be.
function screens() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const keys = [['users', 'list'], ['orders', { page: 1 }], ['picking', 7], ['dashboard', 'system-status'], ['reports', 'x'], ['widgets']];
  const fetched = new Map<string, number>();
  const unsubscribes = keys.map((key) => {
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: async () => {
        fetched.set(JSON.stringify(key), (fetched.get(JSON.stringify(key)) ?? 0) + 1);
        return 1;
      },
    });
    return observer.subscribe(() => {});
  });
  const settled = async () => {
    while (client.isFetching() > 0) await new Promise((r) => setTimeout(r, 5));
  };
  return { client, keys, fetched, settled, close: () => unsubscribes.forEach((u) => u()) };
}

describe('live topics', () => {
  it('maps users and user:N to the users queries', () => {
    expect(queryRootsForTopics(['users', 'user:7'])).toEqual(['users']);
  });

  it('maps order topics to orders and dashboard, unknown kinds to themselves', () => {
    expect(queryRootsForTopics(['order:42'])).toEqual(['orders', 'dashboard']);
    expect(queryRootsForTopics(['widgets'])).toEqual(['widgets']);
  });

  it('notices the own user record, and that * may have changed it', () => {
    expect(touchesUser(['users', 'user:3'], 3)).toBe(true);
    expect(touchesUser(['user:31'], 3)).toBe(false);
    expect(touchesUser(['*'], 3)).toBe(true);
  });

  it('refetches only the open queries a topic covers', async () => {
    const s = screens();
    await s.settled();
    invalidateForTopics(s.client, ['users']);
    await s.settled();
    for (const key of s.keys) expect(s.fetched.get(JSON.stringify(key)), JSON.stringify(key)).toBe(key[0] === 'users' ? 2 : 1);
    s.close();
  });

  it('refetches every open query of every screen on * (a rebuild: everything may have changed)', async () => {
    const s = screens();
    await s.settled();
    invalidateForTopics(s.client, ['*']);
    await s.settled();
    for (const key of s.keys) expect(s.fetched.get(JSON.stringify(key)), JSON.stringify(key)).toBe(2);
    // And a query no screen shows now is stale, so the screen that opens it reads afresh.
    s.client.setQueryData(['inventory', 'closed'], 1);
    invalidateForTopics(s.client, ['*']);
    expect(s.client.getQueryState(['inventory', 'closed'])?.isInvalidated).toBe(true);
    s.close();
  });

  it('backs off exponentially up to 30 s', () => {
    const mid = () => 0.5;
    expect(reconnectDelay(0, mid)).toBe(1000);
    expect(reconnectDelay(3, mid)).toBe(8000);
    expect(reconnectDelay(10, mid)).toBe(30000);
  });
});
