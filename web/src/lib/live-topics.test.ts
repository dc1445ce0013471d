import { describe, expect, it } from 'vitest';
import { queryRootsForTopics, reconnectDelay, touchesUser } from './live-topics.ts';

describe('live topics', () => {
  it('maps users and user:N to the users queries', () => {
    expect(queryRootsForTopics(['users', 'user:7'])).toEqual(['users']);
  });

  it('maps order topics to orders and dashboard, unknown kinds to themselves', () => {
    expect(queryRootsForTopics(['order:42'])).toEqual(['orders', 'dashboard']);
    expect(queryRootsForTopics(['widgets'])).toEqual(['widgets']);
  });

  it('notices the own user record', () => {
    expect(touchesUser(['users', 'user:3'], 3)).toBe(true);
    expect(touchesUser(['user:31'], 3)).toBe(false);
  });

  it('backs off exponentially up to 30 s', () => {
    const mid = () => 0.5;
    expect(reconnectDelay(0, mid)).toBe(1000);
    expect(reconnectDelay(3, mid)).toBe(8000);
    expect(reconnectDelay(10, mid)).toBe(30000);
  });
});
