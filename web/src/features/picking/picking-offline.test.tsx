// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderItem } from '@wh/contracts/orders/http';
import { fakeApi, onePage, orderItem, orderSummary, renderScreen, resetScreen, testUser, type FakeAnswer } from '../../lib/testing.ts';
import { PickingPage } from './picking-page.tsx';

// The picking screen out of reach of the server: scans kept on the phone (IndexedDB, here fake-indexeddb), what the
// scan panel says of them, and what becomes of them when the connection returns.
const dress = orderItem({ id: 11, sku: 'KN1010-12-WINE', style_name: 'Knit Dress', size: '12', color: 'WINE', location: 'A-2-1' });
const top = orderItem({ id: 12, sku: 'TP1007-6-GREEN', style_name: 'Tee', size: '6', color: 'GREEN', location: 'A-10-1' });
// Each test signs in as a worker of its own: the queue is kept per user, and the fake database outlives a test.
let nextWorker = 70;
const newWorker = () => testUser({ id: ++nextWorker, username: `w${nextWorker}`, role: 'worker' });

function pickingApi(workerId: number, pick: (itemId: number) => FakeAnswer) {
  const assigned = orderSummary({ id: 1, order_number: '#30001', status: 'assigned', assigned_worker_id: workerId, worker_id: workerId });
  const picked = new Set<number>();
  const items = () => [dress, top].map((i): OrderItem => (picked.has(i.id) ? { ...i, status: 'picked' } : i));
  return fakeApi({
    'GET /orders': () => ({ data: { orders: [{ ...assigned, items: items() }], pagination: onePage(1) } }),
    'GET /batches': () => ({ data: { batches: [], pagination: onePage(0) } }),
    'GET /settings/picking': () => ({ data: { scan_location_first: false, updated_at: null } }),
    'POST /orders/:id/items/:itemId/pick': ({ params }) => {
      const answer = pick(Number(params.itemId));
      if ((answer.status ?? 200) >= 400) return answer;
      picked.add(Number(params.itemId));
      return { data: { ...assigned, status: 'picking', items: items(), items_pagination: onePage(2) }, message: 'Item picked successfully' };
    },
  });
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

const scanState = () => within(screen.getByRole('region', { name: 'Scan' })).getByText(/Scanner|Offline|waiting/);

async function openOrder(user = newWorker()) {
  const ui = userEvent.setup();
  renderScreen(<PickingPage />, { user, route: '/picking' });
  await ui.click(await screen.findByRole('button', { name: /#30001/ }));
  const scanField = screen.getByRole('textbox', { name: 'Barcode or SKU' });
  return { ui, user, panel: screen.getByRole('region', { name: 'Order #30001' }), scanCode: (code: string) => ui.type(scanField, `${code}{Enter}`) };
}

describe('the picking screen out of reach', () => {
  afterEach(() => {
    resetScreen();
    vi.restoreAllMocks();
  });

  it('keeps offline scans on the phone, says so, and sends them in order when the connection returns', async () => {
    const user = newWorker();
    const api = pickingApi(user.id, () => ({}));
    const { panel, scanCode } = await openOrder(user);
    await waitFor(() => expect(scanState().textContent).toBe('Scanner ready'));

    setOnline(false);
    await waitFor(() => expect(scanState().textContent).toBe('Offline'));
    await scanCode('KN1010-12-WINE');
    await waitFor(() => expect(scanState().textContent).toBe('Offline · 1 scan waiting'));
    expect(screen.getByText('Saved on this phone: KN1010-12-WINE from A-2-1 is sent when the connection returns.')).toBeTruthy();
    const [dressLine] = within(panel).getAllByRole('listitem');
    expect(within(dressLine!).getByText('Waiting to send')).toBeTruthy();
    expect(within(panel).getByText('1 of 2 items picked')).toBeTruthy();
    await scanCode('TP1007-6-GREEN');
    await waitFor(() => expect(scanState().textContent).toBe('Offline · 2 scans waiting'));
    expect(api.callsTo('POST', '/orders/1/items/11/pick')).toEqual([]);

    setOnline(true);
    await waitFor(() => expect(scanState().textContent).toBe('Scanner ready'));
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/orders/1/items/11/pick', '/orders/1/items/12/pick']);
    const keys = posts.map((c) => c.headers.get('Idempotency-Key'));
    expect(keys.every((k) => k !== null && /^[0-9a-f]{32}$/.test(k))).toBe(true);
    expect(new Set(keys).size).toBe(2);
    await waitFor(() => expect(within(panel).getAllByText('Picked')).toHaveLength(2));
  });

  it('shows a scan refused on arrival with its order, its item and the server’s words until the picker acknowledges it', async () => {
    const user = newWorker();
    pickingApi(user.id, () => ({ status: 409, error: { code: 'ILLEGAL_TRANSITION', message: 'Order #30001 is cancelled and cannot be picked' } }));
    const { ui, scanCode } = await openOrder(user);
    setOnline(false);
    await scanCode('KN1010-12-WINE');
    await waitFor(() => expect(scanState().textContent).toBe('Offline · 1 scan waiting'));

    setOnline(true);
    const exceptions = await screen.findByRole('region', { name: 'Scans not recorded' });
    const refused = within(exceptions).getByRole('alert');
    expect(refused.textContent).toContain('Order #30001 · KN1010-12-WINE (Knit Dress, 12 WINE) from A-2-1');
    expect(within(refused).getByText('Order #30001 is cancelled and cannot be picked')).toBeTruthy();
    await waitFor(() => expect(scanState().textContent).toBe('Scanner ready'));
    await ui.click(within(exceptions).getByRole('button', { name: 'Acknowledge KN1010-12-WINE for #30001' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Scans not recorded' })).toBeNull());
  });

  it('a pick the server already recorded under its key (its answer lost) is done, not an exception', async () => {
    const user = newWorker();
    const api = pickingApi(user.id, () => ({ status: 409, error: { code: 'ALREADY_RECORDED', message: 'This request was already recorded, so nothing was done again. Refresh to see it.' } }));
    const { scanCode } = await openOrder(user);
    setOnline(false);
    await scanCode('KN1010-12-WINE');
    await waitFor(() => expect(scanState().textContent).toBe('Offline · 1 scan waiting'));
    setOnline(true);
    await waitFor(() => expect(scanState().textContent).toBe('Scanner ready'));
    expect(screen.queryByRole('region', { name: 'Scans not recorded' })).toBeNull();
    // The screen reads the order again, since the answer did not come with it.
    await waitFor(() => expect(api.callsTo('GET', '/orders').length).toBeGreaterThan(1));
  });

  it('a send with no answer, the browser calling itself online (a dead spot), keeps the pick and sends it again under its key', async () => {
    const user = newWorker();
    let reachable = false;
    const api = pickingApi(user.id, () => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return {};
    });
    const { scanCode } = await openOrder(user);
    await scanCode('KN1010-12-WINE');
    // The client's own tries (a lost answer is tried twice more), then the queue keeps it.
    await waitFor(() => expect(scanState().textContent).toMatch(/Offline · 1 scan waiting$/), { timeout: 15_000 });
    expect(screen.getByText('Saved on this phone: KN1010-12-WINE from A-2-1 is sent when the connection returns.')).toBeTruthy();
    reachable = true;
    await waitFor(() => expect(scanState().textContent).toMatch(/Scanner ready$/), { timeout: 15_000 });
    const keys = api.callsTo('POST', '/orders/1/items/11/pick').map((c) => c.headers.get('Idempotency-Key'));
    expect(keys.length).toBeGreaterThan(3);
    expect(new Set(keys).size).toBe(1);
    expect(screen.queryByRole('region', { name: 'Scans not recorded' })).toBeNull();
  });

  it('a reload keeps the scans for the same user, and another user on the phone does not see them', async () => {
    const user = newWorker();
    pickingApi(user.id, () => ({}));
    setOnline(false);
    const { scanCode } = await openOrder(user);
    await scanCode('KN1010-12-WINE');
    await waitFor(() => expect(scanState().textContent).toBe('Offline · 1 scan waiting'));

    // A new page (the scanner's readiness aside, as nothing has focus yet).
    cleanup();
    renderScreen(<PickingPage />, { user, route: '/picking' });
    await waitFor(() => expect(scanState().textContent).toMatch(/Offline · 1 scan waiting$/));
    cleanup();
    renderScreen(<PickingPage />, { user: newWorker(), route: '/picking' });
    await screen.findByRole('region', { name: 'Scan' });
    await waitFor(() => expect(scanState().textContent).toMatch(/Offline$/));
  });
});
