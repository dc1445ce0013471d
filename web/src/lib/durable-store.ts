import { createStore, delMany, entries, setMany, type UseStore } from 'idb-keyval';

// Entries a screen must keep on the device through a reload, a closed tab or a crash (a picker's scans made out of
// reach of the Wi-Fi), in IndexedDB. One record per entry, keyed by scope and key: two tabs writing their own entries
// never overwrite each other's, and a scope (a signed-in user) reads only its own.

export interface DurableStore<T extends { key: string }> {
  /** Every entry of the scope, in no particular order. */
  load(): Promise<T[]>;
  /** Writes the entries new or changed and removes the keys gone, in the order asked. */
  write(change: { put: readonly T[]; remove: readonly string[] }): Promise<void>;
}

let database: UseStore | null = null;
const store = () => (database ??= createStore('warehouse', 'entries'));

export function indexedDbStore<T extends { key: string }>(scope: string): DurableStore<T> {
  let writes: Promise<void> = Promise.resolve();
  return {
    async load() {
      await writes;
      const all = await entries<IDBValidKey, T>(store());
      return all.filter(([key]) => Array.isArray(key) && key[0] === scope).map(([, value]) => value);
    },
    write({ put, remove }) {
      // One after another: a removal never lands before the put it follows.
      writes = writes
        .catch(() => undefined)
        .then(async () => {
          if (put.length > 0) await setMany(put.map((entry) => [[scope, entry.key], entry]), store());
          if (remove.length > 0) await delMany(remove.map((key) => [scope, key]), store());
        });
      return writes;
    },
  };
}
