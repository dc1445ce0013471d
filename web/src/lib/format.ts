/** A calendar day ('2026-11-20', shown in the browser's locale); anything unreadable is shown as given. */
export function formatDay(value: string): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** An instant with date and time, or '-' for none. */
export function formatDateTime(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '-';
}

/** '1 item', '3 items'. */
export const itemCount = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** '1 unit', '20 units'. */
export const unitCount = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/** A span of time in seconds as a person reads it: '45s', '12m', '3h 05m', '2d 4h'; '-' when nothing was measured. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '-';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${String(minutes % 60).padStart(2, '0')}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}
