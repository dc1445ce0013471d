import { describe, expect, it } from 'vitest';
import { ROLES } from '@wh/contracts/auth/permissions';
import {
  activityTone,
  countAccuracyFigure,
  averagePerWorker,
  lagText,
  projectorFailureText,
  projectionStopText,
  projectorStalledText,
  LOW_STOCK_DEFAULT_THRESHOLD,
  percentOf,
  quickActionsFor,
  openableLink,
  returnsWaitingFigure,
  routeOfLink,
  workerPerformance,
} from './dashboard-figures.ts';

describe('percentOf', () => {
  it('rounds to a whole percent', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(4, 4)).toBe(100);
  });
  it('is 0 of nothing', () => {
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe('worker performance today', () => {
  const w = (id: number, name: string, items: number) => ({ worker_id: id, worker_name: name, items_picked: items });

  it('counts only workers who picked today as active, and averages over them', () => {
    const perf = workerPerformance([w(1, 'Ann', 6), w(2, 'Bob', 0), w(3, 'Cy', 3)]);
    expect(perf.activeWorkers).toBe(2);
    expect(perf.totalItems).toBe(9);
    expect(perf.average).toBe(4.5);
  });
  it('shows the top five, most items first, each with their share of all items', () => {
    const perf = workerPerformance([w(1, 'A', 1), w(2, 'B', 2), w(3, 'C', 3), w(4, 'D', 4), w(5, 'E', 5), w(6, 'F', 5)]);
    expect(perf.top.map((t) => t.worker_name)).toEqual(['E', 'F', 'D', 'C', 'B']);
    expect(perf.top[0]?.share).toBe(25);
    expect(perf.totalItems).toBe(20);
  });
  it('has nothing to show with no picks', () => {
    expect(workerPerformance([])).toEqual({ activeWorkers: 0, totalItems: 0, average: 0, top: [] });
    expect(averagePerWorker(5, 0)).toBe(0);
  });
});

describe('recent activity badges', () => {
  it('colours the four statuses apart', () => {
    const tones = ['completed', 'pending', 'in_progress', 'failed'].map(activityTone);
    expect(new Set(tones).size).toBe(4);
    expect(activityTone('failed')).toBe('danger');
  });
});

describe('quick actions', () => {
  it('gives each role the spec actions in order', () => {
    expect(quickActionsFor('manager').map((a) => a.label)).toEqual([
      'Manage Users',
      'View Reports',
      'Inventory Management',
      'Style Management',
      'Order Verification',
    ]);
    expect(quickActionsFor('executive1').map((a) => a.label)).toEqual(['Order Management', 'Upload Orders', 'View Inventory']);
    expect(quickActionsFor('executive2').map((a) => a.label)).toEqual(['Stock Approval', 'Order Verification', 'Style Upload']);
    expect(quickActionsFor('worker').map((a) => a.label)).toEqual(['My Orders', 'Inventory Search']);
  });
  it("labels executive 2's style upload as the spec words it", () => {
    expect(quickActionsFor('executive2').find((a) => a.label === 'Style Upload')?.description).toBe('Upload Shopify style catalog');
  });
  it('never links a role to a screen it may not open', () => {
    for (const role of ROLES) {
      const actions = quickActionsFor(role);
      expect(actions.length).toBeGreaterThan(0);
      for (const a of actions) expect(routeOfLink(a.to), `${role} ${a.to}`).not.toBeNull();
    }
    // The catalogue is a manager's: the executive2 action goes to the file upload of their own screen.
    expect(quickActionsFor('executive2')[2]!.to).toBe('/stock-entry?tab=upload');
    expect(routeOfLink(quickActionsFor('executive2')[2]!.to)).toBe('/stock-entry');
  });
  it('resolves alias links to the screen they open', () => {
    expect(routeOfLink('/orders/upload')).toBe('/orders');
    expect(routeOfLink('/inventory/search')).toBe('/inventory');
    expect(routeOfLink('/nowhere')).toBeNull();
  });
});

describe('projector lag', () => {
  it('reads up to date at zero and counts events otherwise', () => {
    expect(lagText(0)).toBe('Up to date');
    expect(lagText(1)).toBe('1 event behind');
    expect(lagText(1200)).toBe('1,200 events behind');
  });
});

describe('a failing projector', () => {
  it('names the event and the error, says what it means and that it is retried', () => {
    const text = projectorFailureText({
      message: 'rm_users refuses faulty',
      position: '1234',
      transaction_id: '900',
      event_type: 'UserCreated',
      projection: 'users',
      attempts: 3,
      failing_since: '2025-01-01T10:00:00.000Z',
      last_attempt_at: '2025-01-01T10:00:07.000Z',
    });
    expect(text).toContain('Stopped at event 1234 (UserCreated): rm_users refuses faulty.');
    expect(text).toContain('screens will not show them');
    expect(text).toContain('retried automatically');
  });
});

describe('low-stock threshold', () => {
  it("matches the server's default", async () => {
    const { LOW_STOCK_THRESHOLD } = await import('@wh/contracts/inventory/http');
    expect(LOW_STOCK_DEFAULT_THRESHOLD).toBe(LOW_STOCK_THRESHOLD);
  });
});

describe('a read model stopped at an event', () => {
  it('names the event and the error, says the other screens are current and that it is retried', () => {
    const text = projectionStopText({
      projection: 'orders',
      position: '1233',
      event: { position: '1234', transaction_id: '900', event_type: 'OrderImported', stream_id: 'order-5' },
      message: 'orders: numeric field overflow',
      attempts: 2,
      stopped_since: '2025-01-01T10:00:00.000Z',
      last_attempt_at: '2025-01-01T10:01:00.000Z',
    });
    expect(text).toContain('Stopped at event 1234 (OrderImported, order-5): orders: numeric field overflow.');
    expect(text).toContain('every other screen is up to date');
    expect(text).toContain('retried automatically');
  });

  it('after a rebuild took it past the event: catching up from the rebuild', () => {
    const text = projectionStopText({
      projection: 'orders',
      position: '2000',
      event: null,
      message: null,
      attempts: 1,
      stopped_since: '2025-01-01T10:00:00.000Z',
      last_attempt_at: '2025-01-01T10:01:00.000Z',
    });
    expect(text).toContain('Catching up after a rebuild, from event 2000.');
  });
});

describe('a stalled projector', () => {
  it('says since when nothing moved and where to look', () => {
    expect(projectorStalledText(null)).toContain('No progress while events are waiting');
    expect(projectorStalledText('2025-01-01T10:00:00.000Z')).toMatch(/^No progress since .+ while events are waiting/);
  });

  it('links a figure only to a screen the role may open', () => {
    expect(openableLink('manager', '/orders?date=2026-03-31&status=pending')).toBe('/orders?date=2026-03-31&status=pending');
    expect(openableLink('executive2', '/orders?date=2026-03-31')).toBeNull();
    expect(openableLink('worker', '/orders?date=2026-03-31')).toBeNull();
    expect(openableLink('worker', '/picking')).toBe('/picking');
    expect(openableLink('worker', '/inventory?tab=reports')).toBe('/inventory?tab=reports');
  });
});

describe('returns waiting', () => {
  const now = new Date('2026-03-10T10:00:00Z');
  it('counts the parcels, with their units, those unmatched and the age of the oldest', () => {
    expect(returnsWaitingFigure({ units: 5, parcels: 3, unmatched: 2, oldest_received_at: '2026-03-09T06:00:00Z' }, now)).toEqual({
      value: '3',
      note: 'parcels: 5 units, 2 unmatched; oldest 1d 4h',
      tone: 'yellow',
    });
    expect(returnsWaitingFigure({ units: 1, parcels: 1, unmatched: 0, oldest_received_at: '2026-03-10T09:15:00Z' }, now).note).toBe('parcel: 1 unit; oldest 45m');
  });
  it('turns red once the oldest has waited three days; says so when nothing waits', () => {
    expect(returnsWaitingFigure({ units: 2, parcels: 1, unmatched: 0, oldest_received_at: '2026-03-07T10:00:00Z' }, now).tone).toBe('red');
    expect(returnsWaitingFigure({ units: 0, parcels: 0, unmatched: 0, oldest_received_at: null }, now)).toEqual({ value: '0', note: 'nothing waits at the returns bench', tone: 'neutral' });
  });
});

describe('count accuracy', () => {
  it("reads this week's first counts right, with what is open and overdue; green from 95%", () => {
    expect(countAccuracyFigure({ week: { counted: 3, matched: 2, accuracy: 2 / 3 }, open_locations: 1, overdue: 12 })).toEqual({
      value: '66.7%',
      note: '2 of 3 first counts right this week; 1 open, 12 overdue',
      tone: 'yellow',
    });
    expect(countAccuracyFigure({ week: { counted: 20, matched: 19, accuracy: 0.95 }, open_locations: 0, overdue: 0 }).tone).toBe('green');
    expect(countAccuracyFigure({ week: { counted: 1, matched: 1, accuracy: 1 }, open_locations: 0, overdue: 0 }).value).toBe('100.0%');
  });
  it('says so when nothing was counted this week', () => {
    expect(countAccuracyFigure({ week: { counted: 0, matched: 0, accuracy: null }, open_locations: 2, overdue: 1500 })).toEqual({
      value: '-',
      note: 'none counted this week; 2 open, 1,500 overdue',
      tone: 'neutral',
    });
  });
  it('links to its report for a manager only', () => {
    expect(openableLink('manager', '/reports?type=count-accuracy')).toBe('/reports?type=count-accuracy');
    expect(openableLink('worker', '/reports?type=count-accuracy')).toBeNull();
  });
});
