/** The first `limit` items and how many more there are, for '+N' counters and '+N more alerts'. */
export function firstWithMore<T>(items: readonly T[], limit: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}

/** '+N' after a shortened list, or nothing when everything is shown. */
export function moreLabel(more: number, noun?: string): string | null {
  if (more <= 0) return null;
  return noun ? `+${more} ${noun}` : `+${more}`;
}
