import { describe, expect, it } from 'vitest';
import { canSeeTopic, canSeeWireTopic, decodeTopic, encodeTopic, LIVE_TOPIC_KINDS, TopicSet, type LiveTopic } from './live.ts';

// One topic of every kind: the record's type makes a kind left out, or one the union does not name, a type error.
const EXAMPLES: { [K in LiveTopic['kind']]: Extract<LiveTopic, { kind: K }> } = {
  everything: { kind: 'everything' },
  system: { kind: 'system' },
  users: { kind: 'users' },
  user: { kind: 'user', id: 7 },
  orders: { kind: 'orders' },
  order: { kind: 'order', id: 42 },
  worker: { kind: 'worker', id: 7 },
  batches: { kind: 'batches' },
  batch: { kind: 'batch', id: 3 },
  inventory: { kind: 'inventory' },
  styles: { kind: 'styles' },
  locations: { kind: 'locations' },
  receipts: { kind: 'receipts' },
  dashboard: { kind: 'dashboard' },
  reports: { kind: 'reports' },
  returns: { kind: 'returns' },
  counts: { kind: 'counts' },
  settings: { kind: 'settings' },
};

describe('live topics', () => {
  it('keeps the wire format: kind, kind:id, and * for everything', () => {
    expect(Object.values(EXAMPLES).map(encodeTopic)).toEqual([
      '*', 'system', 'users', 'user:7', 'orders', 'order:42', 'worker:7', 'batches', 'batch:3',
      'inventory', 'styles', 'locations', 'receipts', 'dashboard', 'reports', 'returns', 'counts', 'settings',
    ]);
  });

  it('decodes what it encodes, for every kind', () => {
    expect(LIVE_TOPIC_KINDS).toEqual(Object.keys(EXAMPLES));
    for (const topic of Object.values(EXAMPLES)) expect(decodeTopic(encodeTopic(topic))).toEqual(topic);
  });

  it('decodes nothing it does not know', () => {
    for (const wire of ['widgets', 'widget:1', 'order', 'order:', 'order:x', 'order:1.5', 'order:01', 'orders:1', 'everything', '', 'constructor', 'toString:1']) {
      expect(decodeTopic(wire), wire).toBeUndefined();
    }
  });

  it('rejects an unknown kind at compile time', () => {
    // @ts-expect-error: not a kind of live topic
    expect(encodeTopic({ kind: 'widgets' })).toBe('widgets');
    // @ts-expect-error: a record's topic needs its id
    expect(encodeTopic({ kind: 'order' })).toBe('order');
  });

  it('answers for every kind and role, and sends a topic it does not know to managers only', () => {
    for (const role of ['manager', 'executive1', 'executive2', 'worker'] as const) {
      for (const topic of Object.values(EXAMPLES)) expect(typeof canSeeTopic({ id: 7, role }, topic)).toBe('boolean');
      expect(canSeeWireTopic({ id: 7, role }, 'widgets')).toBe(role === 'manager');
    }
    expect(canSeeTopic({ id: 7, role: 'worker' }, EXAMPLES.worker)).toBe(true);
    expect(canSeeTopic({ id: 8, role: 'worker' }, EXAMPLES.worker)).toBe(false);
    expect(canSeeTopic({ id: 7, role: 'worker' }, EXAMPLES.user)).toBe(true);
    expect(canSeeTopic({ id: 7, role: 'worker' }, EXAMPLES.users)).toBe(false);
    expect(canSeeTopic({ id: 7, role: 'worker' }, EXAMPLES.order)).toBe(false);
  });

  it('collects a batch once each, in wire form', () => {
    const topics = new TopicSet().add({ kind: 'orders' }).add({ kind: 'order', id: 1 }).add({ kind: 'orders' });
    topics.addWire(['*']);
    expect([...topics]).toEqual(['orders', 'order:1', '*']);
    expect(topics.size).toBe(3);
  });
});
