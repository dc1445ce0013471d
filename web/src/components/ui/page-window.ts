/** The page numbers to show: every page, or at most `max` around the current one (spec: style pager shows 5). */
export function pageWindow(page: number, totalPages: number, max?: number): number[] {
  const count = max === undefined ? totalPages : Math.min(max, totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), Math.max(1, totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}
