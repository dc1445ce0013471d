/**
 * The first `limit` items and how many more there are, for '+N' counters and '+N more alerts'. `total` is the
 * server's count when it sent only part of the list.
 */
export function firstWithMore<T>(items: readonly T[], limit: number, total = items.length): { shown: T[]; more: number } {
  return { shown: items.slice(0, limit), more: Math.max(0, total - Math.min(limit, items.length)) };
}

/** '+N' (or '+N more alerts') after a shortened list, or nothing when everything is shown. */
export function moreLabel(more: number, noun?: string): string | null {
  if (more <= 0) return null;
  return noun ? `+${more} ${noun}` : `+${more}`;
}
