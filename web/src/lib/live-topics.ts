import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { decodeTopic, LIVE_CLOSE_SERVICE_RESTART, type LiveTopic, type LiveTopicKind } from '@wh/contracts/platform/live';

/** The kinds of topic a query can depend on (`everything` covers every query of every screen). */
export type DependencyKind = Exclude<LiveTopicKind, 'everything'>;

/**
 * What a feature's queries depend on: for each kind of live topic, the query keys of its own queries that a change of
 * that kind makes stale ('order:42' is of kind 'order'). Each feature declares its own; the app composes them
 * (`composeLiveKeys`) for the live socket. A kind the contracts do not name is a type error.
 */
export type LiveKeys = { readonly [K in DependencyKind]?: readonly QueryKey[] };

/** Every kind mapped: what the app hands the live socket. */
export type ComposedLiveKeys = { readonly [K in DependencyKind]: readonly QueryKey[] };

/** The query keys under `keys` depend on each of `kinds`: one feature's declaration, read as a sentence. */
export function dependsOn(kinds: readonly DependencyKind[], keys: readonly QueryKey[]): LiveKeys {
  return Object.fromEntries(kinds.map((kind) => [kind, keys]));
}

/** One mapping from the features' own: a topic kind covers what any of them lists for it. */
export function composeLiveKeys(...features: readonly LiveKeys[]): ComposedLiveKeys {
  const composed: { [K in DependencyKind]: QueryKey[] } = {
    system: [],
    users: [],
    user: [],
    orders: [],
    order: [],
    worker: [],
    batches: [],
    batch: [],
    inventory: [],
    styles: [],
    locations: [],
    receipts: [],
    dashboard: [],
    reports: [],
    returns: [],
    counts: [],
    settings: [],
  };
  for (const feature of features) {
    for (const kind of Object.keys(composed) as DependencyKind[]) composed[kind].push(...(feature[kind] ?? []));
  }
  return composed;
}

const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.length <= key.length && prefix.every((part, i) => Object.is(part, key[i]));

/**
 * The distinct query keys to invalidate for a batch of topics, or 'all' for every query: on `*` (a rebuild, or a
 * change too wide to list) and on a topic this build does not know (a newer server's, during a rolling deploy). A key
 * inside another one listed is left out, since invalidating the wider one refetches it too.
 */
export function queryKeysForTopics(liveKeys: LiveKeys, wire: readonly string[]): QueryKey[] | 'all' {
  const keys: QueryKey[] = [];
  for (const topic of wire.map(decodeTopic)) {
    if (!topic || topic.kind === 'everything') return 'all';
    keys.push(...(liveKeys[topic.kind] ?? []));
  }
  return keys.filter(
    (key, i) => !keys.some((other, j) => startsWith(key, other) && (other.length < key.length || j < i)),
  );
}

/**
 * Marks stale the queries a batch of topics covers, and refetches those an open screen shows (the others refetch when
 * a screen opens them).
 */
export function invalidateForTopics(queryClient: QueryClient, liveKeys: LiveKeys, wire: readonly string[]): void {
  const keys = queryKeysForTopics(liveKeys, wire);
  if (keys === 'all') {
    void queryClient.invalidateQueries();
    return;
  }
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

const isOwnRecord = (topic: LiveTopic | undefined, userId: number) =>
  !topic || topic.kind === 'everything' || (topic.kind === 'user' && topic.id === userId);

/** True when a topic may concern the signed-in user's own record (role, name, status): theirs, `*`, or an unknown one. */
export function touchesUser(wire: readonly string[], userId: number): boolean {
  return wire.some((t) => isOwnRecord(decodeTopic(t), userId));
}

/** The most a reconnect after a service restart (1012) waits: the tabs of a stopping server spread over this. */
export const RESTART_RECONNECT_JITTER_MS = 250;

/**
 * Reconnect delay: 1 s, 2 s, 4 s ... capped at 30 s, with a little jitter so tabs do not stampede. After a close with
 * 1012 (Service Restart: one server of several is stopping, and the proxy sends the new socket to another) at once,
 * under RESTART_RECONNECT_JITTER_MS, whatever the attempt.
 */
export function reconnectDelay(attempt: number, closeCode?: number, random: () => number = Math.random): number {
  if (closeCode === LIVE_CLOSE_SERVICE_RESTART) return Math.floor(random() * RESTART_RECONNECT_JITTER_MS);
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}
