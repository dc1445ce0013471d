import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { LIVE_CLOSE_SERVICE_RESTART, TOPIC_EVERYTHING } from '@wh/contracts/platform/live';

/**
 * For each live topic kind a feature listens to, the query-key prefixes of its own queries that the topic covers.
 * A topic's kind is the part before the colon: 'user:7' is of kind 'user'. Each feature declares its own; the app
 * composes them (`composeLiveKeys`) for the live socket.
 */
export type LiveKeys = Readonly<Record<string, readonly QueryKey[]>>;

/** One mapping from the features' own: a topic kind covers what any of them lists for it. */
export function composeLiveKeys(...features: readonly LiveKeys[]): LiveKeys {
  const composed: Record<string, QueryKey[]> = {};
  for (const feature of features) {
    for (const [kind, keys] of Object.entries(feature)) (composed[kind] ??= []).push(...keys);
  }
  return composed;
}

const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.length <= key.length && prefix.every((part, i) => Object.is(part, key[i]));

/**
 * The distinct query-key prefixes to invalidate for a batch of topics: a prefix inside another one listed is left out,
 * since invalidating the wider one refetches it too. A kind no feature lists covers the queries whose key starts with
 * the kind itself.
 */
export function queryKeysForTopics(liveKeys: LiveKeys, topics: readonly string[]): QueryKey[] {
  const keys: QueryKey[] = [];
  for (const topic of topics) {
    const kind = topic.split(':')[0] ?? topic;
    keys.push(...(liveKeys[kind] ?? [[kind]]));
  }
  return keys.filter(
    (key, i) => !keys.some((other, j) => startsWith(key, other) && (other.length < key.length || j < i)),
  );
}

/**
 * Marks stale the queries a batch of topics covers, and refetches those an open screen shows (the others refetch when
 * a screen opens them). `*` (a rebuild, or a change too wide to list) covers every query of every screen.
 */
export function invalidateForTopics(queryClient: QueryClient, liveKeys: LiveKeys, topics: readonly string[]): void {
  if (topics.includes(TOPIC_EVERYTHING)) {
    void queryClient.invalidateQueries();
    return;
  }
  for (const queryKey of queryKeysForTopics(liveKeys, topics)) void queryClient.invalidateQueries({ queryKey });
}

/** True when a topic concerns the signed-in user's own record (role, name, status may have changed); `*` may. */
export function touchesUser(topics: readonly string[], userId: number): boolean {
  return topics.includes(`user:${userId}`) || topics.includes(TOPIC_EVERYTHING);
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
