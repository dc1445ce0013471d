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
