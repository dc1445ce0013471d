import { canOpen, ROUTE_ALIASES, WEB_ROUTES, type WebRoute } from '@wh/contracts/auth/routes';
import type { Role } from '@wh/contracts/auth/permissions';
import type { ProjectionStop, ProjectorFailure } from '@wh/contracts/platform/http';
import { COUNT_ACCURACY_GOOD, RETURNS_OVERDUE_DAYS } from '@wh/contracts/reports/dashboard';
import type { CountSummary, ReturnsWaiting } from '@wh/contracts/reports/http';
import { formatDuration, unitCount } from '../../lib/format.ts';
import type { BadgeTone } from '../../components/ui/badge.tsx';

// Limits of the dashboard (spec section 9).
export const RECENT_ACTIVITY_SHOWN = 5;
export const TOP_WORKERS_SHOWN = 5;
// The server's default low-stock threshold (spec section 9), kept here so the dashboard chunk does not load zod.
export const LOW_STOCK_DEFAULT_THRESHOLD = 5;

/** Whole percent of a total; 0 when there is nothing to divide by. */
export function percentOf(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((part / total) * 100);
}

/** Items per active worker, to one decimal; 0 with no active worker. */
export function averagePerWorker(totalItems: number, activeWorkers: number): number {
  if (activeWorkers <= 0) return 0;
  return Math.round((totalItems / activeWorkers) * 10) / 10;
}

export interface WorkerFigure {
  worker_id: number;
  worker_name: string;
  items_picked: number;
}

export interface WorkerPerformance<W extends WorkerFigure> {
  activeWorkers: number;
  totalItems: number;
  average: number;
  /** The top performers, most items first, each with their share of the day's items in whole percent. */
  top: (W & { share: number })[];
}

/** Worker Performance Today: an active worker is one who picked at least one item today. */
export function workerPerformance<W extends WorkerFigure>(workers: readonly W[], shown = TOP_WORKERS_SHOWN): WorkerPerformance<W> {
  const active = workers.filter((w) => w.items_picked > 0);
  const totalItems = active.reduce((sum, w) => sum + w.items_picked, 0);
  const top = [...active]
    .sort((a, b) => b.items_picked - a.items_picked || a.worker_name.localeCompare(b.worker_name))
    .slice(0, shown)
    .map((w) => ({ ...w, share: percentOf(w.items_picked, totalItems) }));
  return { activeWorkers: active.length, totalItems, average: averagePerWorker(totalItems, active.length), top };
}

/** Badge colour of a Recent Activity status (completed, pending, in_progress, failed). */
export function activityTone(status: string): BadgeTone {
  switch (status) {
    case 'completed':
      return 'success';
    case 'in_progress':
      return 'info';
    case 'failed':
      return 'danger';
    case 'pending':
      return 'warning';
    default:
      return 'neutral';
  }
}

export function activityStatusLabel(status: string): string {
  return status.replace(/_/g, ' ');
}

export interface QuickAction {
  label: string;
  description: string;
  to: string;
}

// Quick Actions per role, labels word for word from spec section 2, each opening what it names. Executive 2's Style
// Upload opens the File Upload tab of Stock Entry: the catalogue itself (/styles) is a manager's (spec section 6),
// while the online-shop files an executive2 may send are uploaded there.
const QUICK_ACTIONS: Record<Role, readonly QuickAction[]> = {
  manager: [
    { label: 'Manage Users', description: 'Add, edit and deactivate staff accounts', to: '/users' },
    { label: 'View Reports', description: 'Inventory, orders and worker productivity', to: '/reports' },
    { label: 'Inventory Management', description: 'Search stock, bins, racks and adjustments', to: '/inventory' },
    { label: 'Style Management', description: 'The style catalogue', to: '/styles' },
    { label: 'Order Verification', description: 'Check completed orders', to: '/order-verification' },
  ],
  executive1: [
    { label: 'Order Management', description: 'Filter, assign and track orders', to: '/orders' },
    { label: 'Upload Orders', description: "Import the day's order file", to: '/orders/upload' },
    { label: 'View Inventory', description: 'Search stock by style, colour and size', to: '/inventory' },
  ],
  executive2: [
    { label: 'Stock Approval', description: 'Approve incoming stock into bins and racks', to: '/stock-approval' },
    { label: 'Order Verification', description: 'Check completed orders', to: '/order-verification' },
    { label: 'Style Upload', description: 'Upload Shopify style catalog', to: '/stock-entry?tab=upload' },
  ],
  worker: [
    { label: 'My Orders', description: 'Orders assigned to you for picking', to: '/picking' },
    { label: 'Inventory Search', description: 'Find where an item is stored', to: '/inventory/search' },
  ],
};

/** The screen a link lands on: an alias (e.g. /orders/upload) resolves to its screen's route. */
export function routeOfLink(to: string): WebRoute | null {
  const target = ROUTE_ALIASES[to] ?? to;
  const path = target.split('?')[0] ?? target;
  return path in WEB_ROUTES ? (path as WebRoute) : null;
}

/** The link when the role may open the screen it leads to, else null (a figure is then shown without one). */
export function openableLink(role: Role, to: string): string | null {
  const route = routeOfLink(to);
  return route !== null && canOpen(role, route) ? to : null;
}

/** The role's quick actions, each checked against the route table so none leads to a refused screen. */
export function quickActionsFor(role: Role): QuickAction[] {
  return QUICK_ACTIONS[role].filter((a) => openableLink(role, a.to) !== null);
}

/** The projector's distance behind the event store, in words. */
export function lagText(events: number): string {
  if (events <= 0) return 'Up to date';
  return `${events.toLocaleString('en-GB')} ${events === 1 ? 'event' : 'events'} behind`;
}

/** What a failing projector means for the people looking at the dashboard, and where to look. */
export function projectorFailureText(failure: ProjectorFailure): string {
  return (
    `Stopped at event ${failure.position} (${failure.event_type}): ${failure.message}. ` +
    'Changes are still recorded, but screens will not show them until this is fixed. It is retried automatically; ' +
    "the projector's log has the details."
  );
}

/** A read model stopped at an event while the others go on: where, why, and what it means. */
export function projectionStopText(stop: ProjectionStop): string {
  const where = stop.event
    ? `Stopped at event ${stop.event.position} (${stop.event.event_type}, ${stop.event.stream_id}): ${stop.message ?? 'unknown error'}. `
    : `Catching up after a rebuild, from event ${stop.position}. `;
  return (
    where +
    'Changes are still recorded and every other screen is up to date, but the screens this read model feeds will not ' +
    "show them until it is fixed. It is retried automatically; the README's operations section says how to fix it."
  );
}

/** A projector that has not moved with events waiting, and since when. */
export function projectorStalledText(since: string | null): string {
  return (
    `No progress${since ? ` since ${new Date(since).toLocaleString('en-GB')}` : ''} while events are waiting: the projector ` +
    "is not running or is stuck on a batch. Its log has the details."
  );
}

export interface ReturnsWaitingFigure {
  value: string;
  note: string;
  tone: 'neutral' | 'yellow' | 'red';
}

/**
 * Returns Waiting: the parcels not yet put away or matched, their units, how many matched no order, and how long the
 * oldest has waited (at `now`); red once the oldest has waited RETURNS_OVERDUE_DAYS.
 */
export function returnsWaitingFigure(w: ReturnsWaiting, now: Date): ReturnsWaitingFigure {
  if (w.parcels === 0 || w.oldest_received_at === null) return { value: '0', note: 'nothing waits at the returns bench', tone: 'neutral' };
  const seconds = Math.max(0, (now.getTime() - new Date(w.oldest_received_at).getTime()) / 1000);
  const unmatched = w.unmatched > 0 ? `, ${w.unmatched} unmatched` : '';
  return {
    value: w.parcels.toLocaleString(),
    note: `${w.parcels === 1 ? 'parcel' : 'parcels'}: ${unitCount(w.units)}${unmatched}; oldest ${formatDuration(seconds)}`,
    tone: seconds >= RETURNS_OVERDUE_DAYS * 86_400 ? 'red' : 'yellow',
  };
}

export interface CountAccuracyFigure {
  value: string;
  note: string;
  tone: 'neutral' | 'yellow' | 'green';
}

/**
 * Count Accuracy: the share of this week's first counts that found what the location held (one decimal, as the
 * report shows it), with the locations open in counts and those overdue for one. Green at COUNT_ACCURACY_GOOD.
 */
export function countAccuracyFigure(c: CountSummary): CountAccuracyFigure {
  const rest = `${c.open_locations.toLocaleString()} open, ${c.overdue.toLocaleString()} overdue`;
  const { counted, matched, accuracy } = c.week;
  if (accuracy === null) return { value: '-', note: `none counted this week; ${rest}`, tone: 'neutral' };
  return {
    value: `${(Math.round(accuracy * 1000) / 10).toFixed(1)}%`,
    note: `${matched.toLocaleString()} of ${counted.toLocaleString()} first counts right this week; ${rest}`,
    tone: accuracy >= COUNT_ACCURACY_GOOD ? 'green' : 'yellow',
  };
}
