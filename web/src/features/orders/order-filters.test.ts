import { describe, expect, it } from 'vitest';
import { ordersLink, dashboardOrderFilters } from '@wh/contracts/reports/dashboard';
import { activeChips, clearFilters, filtersFromQuery, filtersToQuery, INITIAL_FILTER, removeChip, withFilter, type OrdersFilter } from './order-filters.ts';

const workers = [
  { id: 7, username: 'picker_pat', full_name: 'Pat Picker' },
  { id: 8, username: 'sam', full_name: null },
];
const busy: OrdersFilter = { search: ' #10001 ', status: 'assigned', worker: '7', date: '2026-11-20', noStock: true, page: 3, limit: 50 };

describe('order filters', () => {
  it('send only the filters that are set', () => {
    expect(filtersToQuery(INITIAL_FILTER)).toEqual({ search: undefined, status: undefined, worker_id: undefined, date: undefined, no_stock: undefined });
    expect(filtersToQuery(busy)).toEqual({ search: '#10001', status: 'assigned', worker_id: '7', date: '2026-11-20', no_stock: 'true' });
    expect(filtersToQuery({ ...INITIAL_FILTER, worker: 'unassigned' }).worker_id).toBe('unassigned');
  });

  it('go back to page 1 on any change', () => {
    expect(withFilter(busy, { status: 'pending' })).toMatchObject({ status: 'pending', page: 1, limit: 50 });
  });

  it('show a chip per active filter, naming the worker', () => {
    expect(activeChips(busy, workers).map((c) => c.label)).toEqual([
      'Search: #10001',
      'Status: Assigned',
      'Worker: Pat Picker',
      'Date: 2026-11-20',
      'No stock anywhere',
    ]);
    expect(activeChips({ ...INITIAL_FILTER, worker: '8' }, workers).map((c) => c.label)).toEqual(['Worker: sam']);
    expect(activeChips({ ...INITIAL_FILTER, worker: 'unassigned' }, workers).map((c) => c.label)).toEqual(['Worker: Unassigned']);
    expect(activeChips(INITIAL_FILTER, workers)).toEqual([]);
  });

  it('remove one chip at a time, and Clear All keeps the page size', () => {
    const noStatus = removeChip(busy, 'status');
    expect(noStatus).toMatchObject({ status: 'all', worker: '7', page: 1 });
    expect(activeChips(noStatus, workers)).toHaveLength(4);
    expect(removeChip(busy, 'noStock').noStock).toBe(false);
    expect(removeChip(busy, 'worker').worker).toBe('all');
    expect(removeChip(busy, 'date').date).toBe('');
    expect(removeChip(busy, 'search').search).toBe('');
    expect(clearFilters(busy)).toEqual({ ...INITIAL_FILTER, limit: 50 });
  });

  it('open as an address asks, so a dashboard card shows the orders it counts; anything unknown is left unset', () => {
    const at = (link: string) => filtersFromQuery(new URL(link, 'http://warehouse.test').searchParams);
    const day = dashboardOrderFilters('2026-03-31');
    expect(at(ordersLink(day.completed))).toEqual({ ...INITIAL_FILTER, date: '2026-03-31', status: 'completed,verified' });
    expect(filtersToQuery(at(ordersLink(day.completed)))).toMatchObject({ status: 'completed,verified', date: '2026-03-31' });
    expect(at(ordersLink(day.pending))).toMatchObject({ status: 'pending', date: '2026-03-31' });
    expect(activeChips(at(ordersLink(day.completed)), workers).map((c) => c.label)).toEqual(['Status: Completed or Verified', 'Date: 2026-03-31']);
    expect(at('/orders?status=lost&date=yesterday&worker_id=x')).toEqual(INITIAL_FILTER);
    expect(at('/orders?worker_id=unassigned').worker).toBe('unassigned');
    expect(at('/orders?no_stock=true').noStock).toBe(true);
  });
});
