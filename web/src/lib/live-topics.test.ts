import { describe, expect, it } from 'vitest';
import { composeLiveKeys, queryKeysForTopics, reconnectDelay, touchesUser } from './live-topics.ts';

describe('live topics', () => {
  it('composes the feature mappings: a kind covers what any feature lists for it', () => {
    const keys = composeLiveKeys({ order: [['orders']] }, { order: [['dashboard']], system: [['dashboard']] });
    expect(queryKeysForTopics(keys, ['order:42'])).toEqual([['orders'], ['dashboard']]);
    expect(queryKeysForTopics(keys, ['system'])).toEqual([['dashboard']]);
  });

  it('maps a kind no feature lists to the queries named after it', () => {
    expect(queryKeysForTopics({}, ['widgets'])).toEqual([['widgets']]);
  });

  it('leaves out a key inside a wider one, and a key listed twice', () => {
    const keys = composeLiveKeys({ users: [['users', 'assignable-workers']] }, { users: [['users']], user: [['users']] });
    expect(queryKeysForTopics(keys, ['users', 'user:7'])).toEqual([['users']]);
  });

  it('notices the own user record, and that * may have changed it', () => {
    expect(touchesUser(['users', 'user:3'], 3)).toBe(true);
    expect(touchesUser(['user:31'], 3)).toBe(false);
    expect(touchesUser(['*'], 3)).toBe(true);
  });

  it('backs off exponentially up to 30 s', () => {
    const mid = () => 0.5;
    expect(reconnectDelay(0, mid)).toBe(1000);
    expect(reconnectDelay(3, mid)).toBe(8000);
    expect(reconnectDelay(10, mid)).toBe(30000);
  });
});
