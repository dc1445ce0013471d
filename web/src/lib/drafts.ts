import { useCallback } from 'react';
import { atom, useAtom, useAtomValue, type WritableAtom } from 'jotai';
import { createJSONStorage } from 'jotai/utils';
import { signedInUserAtom } from './session.ts';

// Typed work kept until it is sent: a screen's draft lives in localStorage under `draft:<name>:<user id>`, so it
// survives a tab switch, leaving the screen, a reload or a closed tab, and one user never sees another's on a shared
// device. An empty draft is removed rather than stored. The storage is jotai's (`createJSONStorage`), what it holds is
// checked (an older release or another hand may have left something else); the atom is our own, since
// atomWithStorage's reset would also reset the screen.

export interface DraftSpec<T> {
  name: string;
  /** The draft when nothing is stored (read once a session). */
  empty: T;
  /** What was stored still has the draft's shape; anything else reads as empty. */
  isValid: (stored: unknown) => stored is T;
  isEmpty: (value: T) => boolean;
}

export type DraftUpdate<T> = T | ((previous: T) => T);
type DraftAtom<T> = WritableAtom<T, [DraftUpdate<T>], void>;

// A full or refused storage (private browsing) keeps the draft in memory only: typing never fails over it.
function localStore() {
  let store: Storage | null = null;
  try {
    store = window.localStorage;
  } catch {
    store = null;
  }
  return {
    getItem: (key: string) => store?.getItem(key) ?? null,
    setItem: (key: string, value: string) => {
      try {
        store?.setItem(key, value);
      } catch {
        // Kept in memory for this page.
      }
    },
    removeItem: (key: string) => store?.removeItem(key),
  };
}

const atoms = new Map<string, DraftAtom<unknown>>();

function draftAtom<T>(spec: DraftSpec<T>, userId: number): DraftAtom<T> {
  const key = `draft:${spec.name}:${userId}`;
  const known = atoms.get(key) as DraftAtom<T> | undefined;
  if (known) return known;
  const storage = createJSONStorage<unknown>(localStore);
  const read = (): T => {
    const stored = storage.getItem(key, null);
    return spec.isValid(stored) ? stored : spec.empty;
  };
  // In memory as typed; stored only while it holds something (a blank row added is kept on screen, not stored).
  const current = atom<T>(read());
  // Read again whenever the screen opens: another tab of the same user may have changed it meanwhile.
  current.onMount = (set) => set(read());
  const draft: DraftAtom<T> = atom(
    (get) => get(current),
    (get, set, update: DraftUpdate<T>) => {
      const next = typeof update === 'function' ? (update as (previous: T) => T)(get(current)) : update;
      set(current, next);
      if (spec.isEmpty(next)) storage.removeItem(key);
      else storage.setItem(key, next);
    },
  );
  atoms.set(key, draft as DraftAtom<unknown>);
  return draft;
}

/** The signed-in user's draft of `spec` and the way to change it (an empty value discards it). */
export function useDraft<T>(spec: DraftSpec<T>): [T, (update: DraftUpdate<T>) => void] {
  const user = useAtomValue(signedInUserAtom);
  const [value, set] = useAtom(draftAtom(spec, user?.id ?? 0));
  const update = useCallback((next: DraftUpdate<T>) => set(next), [set]);
  return [value, update];
}
