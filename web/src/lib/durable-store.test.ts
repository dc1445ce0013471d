import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { indexedDbStore } from './durable-store.ts';

type Entry = { key: string; n: number };
const byKey = (entries: Entry[]) => [...entries].sort((a, b) => a.key.localeCompare(b.key));

describe('the durable store (IndexedDB)', () => {
  it('keeps what was put, forgets what was removed, in the order asked', async () => {
    const store = indexedDbStore<Entry>('store-test:1');
    await store.write({ put: [{ key: 'a', n: 1 }, { key: 'b', n: 1 }], remove: [] });
    // Not awaited one by one: a removal never lands before the put it follows.
    void store.write({ put: [{ key: 'c', n: 1 }], remove: [] });
    void store.write({ put: [{ key: 'a', n: 2 }], remove: ['c'] });
    expect(byKey(await store.load())).toEqual([
      { key: 'a', n: 2 },
      { key: 'b', n: 1 },
    ]);
  });

  it('a scope reads only its own entries, and a new store of the scope (a reloaded page) reads them all', async () => {
    await indexedDbStore<Entry>('store-test:2').write({ put: [{ key: 'a', n: 2 }], remove: [] });
    await indexedDbStore<Entry>('store-test:3').write({ put: [{ key: 'a', n: 3 }], remove: [] });
    expect(await indexedDbStore<Entry>('store-test:2').load()).toEqual([{ key: 'a', n: 2 }]);
    expect(await indexedDbStore<Entry>('store-test:3').load()).toEqual([{ key: 'a', n: 3 }]);
    expect(await indexedDbStore<Entry>('store-test:4').load()).toEqual([]);
  });
});
