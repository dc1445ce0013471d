import { describe, expect, it } from 'vitest';
import { LIVE_CLOSE_SERVICE_RESTART } from '@wh/contracts/platform/live';
import { composeLiveKeys, dependsOn, queryKeysForTopics, reconnectDelay, touchesUser, type LiveKeys } from './live-topics.ts';

describe('live topics', () => {
  it('composes the feature mappings: a kind covers what any feature lists for it', () => {
    const keys = composeLiveKeys({ order: [['orders']] }, { order: [['dashboard']], system: [['dashboard']] });
    expect(queryKeysForTopics(keys, ['order:42'])).toEqual([['orders'], ['dashboard']]);
    expect(queryKeysForTopics(keys, ['system'])).toEqual([['dashboard']]);
    expect(keys.users).toEqual([]);
  });

  it('declares dependencies as kinds and keys', () => {
    expect(dependsOn(['orders', 'batch'], [['picking']])).toEqual({ orders: [['picking']], batch: [['picking']] });
    // @ts-expect-error: a kind the contracts do not name
    dependsOn(['widgets'], [['widgets']]);
    // @ts-expect-error: a kind the contracts do not name
    const unknown: LiveKeys = { widgets: [['widgets']] };
    expect(unknown).toBeDefined();
  });

  it('refreshes nothing for a kind no feature lists, and everything for * or a topic it does not know', () => {
    expect(queryKeysForTopics({}, ['inventory'])).toEqual([]);
    expect(queryKeysForTopics({}, ['*'])).toBe('all');
    expect(queryKeysForTopics({ orders: [['orders']] }, ['orders', 'widgets'])).toBe('all');
  });

  it('leaves out a key inside a wider one, and a key listed twice', () => {
    const keys = composeLiveKeys({ users: [['users', 'assignable-workers']] }, { users: [['users']], user: [['users']] });
    expect(queryKeysForTopics(keys, ['users', 'user:7'])).toEqual([['users']]);
  });

  it('notices the own user record, and that * may have changed it', () => {
    expect(touchesUser(['users', 'user:3'], 3)).toBe(true);
    expect(touchesUser(['user:31'], 3)).toBe(false);
    expect(touchesUser(['*'], 3)).toBe(true);
    expect(touchesUser(['users', 'widgets'], 3)).toBe(true);
  });

  it('backs off exponentially up to 30 s', () => {
    const mid = () => 0.5;
    expect(reconnectDelay(0, 1006, mid)).toBe(1000);
    expect(reconnectDelay(3, 1006, mid)).toBe(8000);
    expect(reconnectDelay(10, undefined, mid)).toBe(30000);
  });

  it('reconnects at once, within a quarter second, after a service restart (1012), whatever the attempt', () => {
    expect(reconnectDelay(0, LIVE_CLOSE_SERVICE_RESTART, () => 0)).toBe(0);
    expect(reconnectDelay(7, LIVE_CLOSE_SERVICE_RESTART, () => 0.999)).toBeLessThan(250);
    expect(reconnectDelay(7, 1001, () => 0.999)).toBeGreaterThanOrEqual(30000);
  });
});
