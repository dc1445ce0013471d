import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { invalidateForTopics, queryKeysForTopics } from '../lib/live-topics.ts';
import { LIVE_TOPIC_KINDS } from '@wh/contracts/platform/live';
import { LIVE_KEYS } from './live-keys.ts';

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
  const settled = () => vi.waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 30_000, interval: 5 });
  return { client, keys, fetched, settled, close: () => unsubscribes.forEach((u) => u()) };
}

const keysOf = (topics: string[]) => {
  const keys = queryKeysForTopics(LIVE_KEYS, topics);
  if (keys === 'all') throw new Error(`${topics.join(', ')} covers everything`);
  return keys;
};
const coveredRoots = (topic: string) => keysOf([topic]).map((key) => key[0]);

describe('live topics of the screens', () => {
  it('maps users and user:N to the users queries', () => {
    expect(keysOf(['users', 'user:7'])).toEqual([['users']]);
  });

  it('maps order topics to what depends on them, * and unknown topics to everything', () => {
    expect(keysOf(['order:42'])).toEqual([['orders'], ['picking'], ['dashboard']]);
    expect(queryKeysForTopics(LIVE_KEYS, ['*'])).toBe('all');
    expect(queryKeysForTopics(LIVE_KEYS, ['widgets'])).toBe('all');
  });

  it('refreshes, for each topic, the screens whose data it changes', () => {
    expect(coveredRoots('orders')).toEqual(['orders', 'picking', 'dashboard']);
    expect(coveredRoots('worker:7')).toEqual(['orders', 'picking', 'dashboard']);
    expect(keysOf(['batches', 'batch:3'])).toEqual([['picking']]);
    // The returns bench's suggestions read the stock and the locations; a count's expected quantities read the stock.
    expect(coveredRoots('inventory')).toEqual(['dashboard', 'inventory', 'reports', 'returns', 'counts']);
    // The picker's items carry their SKUs' barcodes.
    expect(coveredRoots('styles')).toEqual(['picking', 'inventory', 'styles']);
    // A location's walk sequence orders the picker's items.
    expect(coveredRoots('locations')).toEqual(['picking', 'inventory', 'returns', 'counts']);
    // The counters' lists and the managers' tasks.
    // Counts refresh the counts screen and the count accuracy on the dashboard and in Reports.
    expect(coveredRoots('counts')).toEqual(['dashboard', 'reports', 'counts']);
    expect(keysOf(['settings'])).toEqual([['settings', 'counts'], ['settings', 'picking']]);
    expect(coveredRoots('receipts')).toEqual(['inventory', 'receipts']);
    expect(coveredRoots('dashboard')).toEqual(['dashboard']);
    expect(coveredRoots('system')).toEqual(['dashboard']);
    expect(coveredRoots('reports')).toEqual(['reports']);
  });

  it('has a screen that depends on every kind of topic the server announces', () => {
    for (const kind of LIVE_TOPIC_KINDS) if (kind !== 'everything') expect(LIVE_KEYS[kind].length, kind).toBeGreaterThan(0);
  });

  it('refreshes the bench and the order histories, which list the returns of their units, on a change at the returns bench', () => {
    expect(keysOf(['returns'])).toEqual([['orders', 'history'], ['returns']]);
  });

  it('refreshes the picking screen on what it declares, not on the orders screen\'s keys', () => {
    const picking = LIVE_KEYS.orders.filter((key) => key[0] === 'picking');
    expect(picking).toEqual([['picking']]);
    expect(keysOf(['batch:3'])).toEqual([['picking']]);
  });

  it('refetches only the open queries a topic covers', async () => {
    const s = screens();
    await s.settled();
    invalidateForTopics(s.client, LIVE_KEYS, ['users']);
    await s.settled();
    for (const key of s.keys) expect(s.fetched.get(JSON.stringify(key)), JSON.stringify(key)).toBe(key[0] === 'users' ? 2 : 1);
    s.close();
  });

  it('refetches every open query of every screen on * (a rebuild: everything may have changed)', async () => {
    const s = screens();
    await s.settled();
    invalidateForTopics(s.client, LIVE_KEYS, ['*']);
    await s.settled();
    for (const key of s.keys) expect(s.fetched.get(JSON.stringify(key)), JSON.stringify(key)).toBe(2);
    // And a query no screen shows now is stale, so the screen that opens it reads afresh.
    s.client.setQueryData(['inventory', 'closed'], 1);
    invalidateForTopics(s.client, LIVE_KEYS, ['*']);
    expect(s.client.getQueryState(['inventory', 'closed'])?.isInvalidated).toBe(true);
    s.close();
  });
});
