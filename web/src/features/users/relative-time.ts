// Last Login wording (spec section 2, User Management).
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface RelativeTime {
  primary: string;
  /** 'N days ago' under the date, for logins a day or more old. */
  secondary?: string;
}

export type DateFormatter = (date: Date) => string;

const defaultDateFormat: DateFormatter = (date) =>
  date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function formatLastLogin(
  iso: string | null | undefined,
  now: Date,
  formatDate: DateFormatter = defaultDateFormat,
): RelativeTime {
  if (!iso) return { primary: 'Never' };
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { primary: 'Never' };
  const diff = now.getTime() - at.getTime();
  // A clock slightly ahead of ours still reads as just now.
  if (diff < 2 * MINUTE) return { primary: 'Just now' };
  if (diff < HOUR) return { primary: `${Math.floor(diff / MINUTE)}m ago` };
  if (diff < DAY) return { primary: `${Math.floor(diff / HOUR)}h ago` };
  const days = Math.floor(diff / DAY);
  return { primary: formatDate(at), secondary: `${days} ${days === 1 ? 'day' : 'days'} ago` };
}

export function lastLoginText(value: RelativeTime): string {
  return value.secondary ? `${value.primary} (${value.secondary})` : value.primary;
}

/** Seconds as '1h 5m', '12m 3s' or '45s'. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '-';
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

/** Two initials from the full name, else from the username. */
export function initialsOf(fullName: string | null | undefined, username: string): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]![0]}${words[words.length - 1]![0]}`.toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return username.slice(0, 2).toUpperCase();
}
