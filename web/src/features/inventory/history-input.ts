// Stock history ("time travel") form rules: a SKU or a location, and a local date and time.
import type { HistoryTarget } from './api/inventory-api.ts';

export type HistoryBy = 'sku' | 'location';

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as the datetime-local input shows it, to the second, in the browser's time zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * The last instant of the second a datetime-local value shows, in the browser's time zone, as ISO (UTC); null when
 * not a date. "As of 12:30:05" includes what happened during 12:30:05, so "now" includes the last change. A value
 * without seconds is second 0: the browser writes 'HH:mm' when the seconds are zero, even with seconds shown.
 */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Date(date.getTime() + 999).toISOString();
}

export const HISTORY_MESSAGES = {
  code: { sku: 'Please enter a SKU', location: 'Please enter a location' },
  at: 'Please choose a date and time',
} as const;

export function parseHistory(by: HistoryBy, code: string, at: string): { target: HistoryTarget; at: string } | { errors: Partial<Record<'code' | 'at', string>> } {
  const normalised = code.trim().replace(/^'+/, '').toUpperCase();
  const iso = localInputToIso(at);
  const errors: Partial<Record<'code' | 'at', string>> = {};
  if (!normalised) errors.code = HISTORY_MESSAGES.code[by];
  if (!iso) errors.at = HISTORY_MESSAGES.at;
  if (!normalised || !iso) return { errors };
  return { target: by === 'sku' ? { sku: normalised } : { location: normalised }, at: iso };
}

