import type { QueryClient } from '@tanstack/react-query';
import { TOPIC_EVERYTHING } from '@wh/contracts/platform/live';

// Which TanStack Query keys a live topic covers. Query keys start with the topic's kind in plural,
// e.g. ['users', 'list', {...}] is covered by 'users' and by 'user:7'.
const KEY_BY_KIND: Record<string, readonly string[]> = {
  users: ['users'],
  user: ['users'],
  orders: ['orders', 'dashboard'],
  order: ['orders', 'dashboard'],
  worker: ['orders', 'picking', 'dashboard'],
  inventory: ['inventory', 'dashboard', 'reports'],
  styles: ['styles', 'inventory'],
  locations: ['locations', 'inventory'],
  receipts: ['receipts', 'inventory'],
  dashboard: ['dashboard'],
  reports: ['reports'],
  // The projector's health: the dashboard's System Status.
  system: ['dashboard'],
};

/** The distinct first query-key elements to invalidate for a batch of topics. */
export function queryRootsForTopics(topics: readonly string[]): string[] {
  const roots = new Set<string>();
  for (const topic of topics) {
    const kind = topic.split(':')[0] ?? topic;
    for (const root of KEY_BY_KIND[kind] ?? [kind]) roots.add(root);
  }
  return [...roots];
}

/**
 * Marks stale the queries a batch of topics covers, and refetches those an open screen shows (the others refetch when
 * a screen opens them). `*` (a rebuild, or a change too wide to list) covers every query of every screen.
 */
export function invalidateForTopics(queryClient: QueryClient, topics: readonly string[]): void {
  if (topics.includes(TOPIC_EVERYTHING)) {
    void queryClient.invalidateQueries();
    return;
  }
  for (const root of queryRootsForTopics(topics)) void queryClient.invalidateQueries({ queryKey: [root] });
}

/** True when a topic concerns the signed-in user's own record (role, name, status may have changed); `*` may. */
export function touchesUser(topics: readonly string[], userId: number): boolean {
  return topics.includes(`user:${userId}`) || topics.includes(TOPIC_EVERYTHING);
}

/** Reconnect delay: 1 s, 2 s, 4 s ... capped at 30 s, with a little jitter so tabs do not stampede. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}
