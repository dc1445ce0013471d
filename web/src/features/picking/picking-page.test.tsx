// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order, OrderItem } from '@wh/contracts/orders/http';
import { fakeApi, onePage, orderItem, orderSummary, renderScreen, resetScreen, testUser, type FakeAnswer } from '../../lib/testing.ts';
import { PickingPage } from './picking-page.tsx';

const worker = testUser({ id: 7, username: 'wendy', full_name: 'Wendy Worker', role: 'worker' });
const dress = orderItem({ id: 11, sku: 'KN1010-12-WINE', style_name: 'Knit Dress', size: '12', color: 'WINE', location: 'A-2-1' });
const top = orderItem({ id: 12, sku: 'TP1007-6-GREEN', style_name: 'Tee', size: '6', color: 'GREEN', location: 'A-10-1' });
const assigned = orderSummary({ id: 1, order_number: '#30001', status: 'assigned', assigned_worker_id: 7, worker_id: 7 });

/** The order as the server answers a command on it, with its items as given. */
const orderAnswer = (items: OrderItem[], patch: Partial<Order> = {}): FakeAnswer => ({
  data: {
    ...assigned,
    status: 'picking',
    picked_items: items.filter((i) => i.status === 'picked').length,
    items,
    items_pagination: onePage(items.length),
    ...patch,
  },
  message: 'Item picked successfully',
});

function pickingApi(pick: () => FakeAnswer) {
  return fakeApi({
    'GET /orders': () => ({ data: { orders: [{ ...assigned, items: [dress, top] }], pagination: onePage(1) } }),
    'GET /batches': () => ({ data: { batches: [], pagination: onePage(0) } }),
    'GET /settings/picking': () => ({ data: { scan_location_first: false, updated_at: null } }),
    'POST /orders/:id/items/:itemId/pick': pick,
  });
}

async function openOrderAndScan(code: string) {
  const user = userEvent.setup();
  renderScreen(<PickingPage />, { user: worker, route: '/picking' });
  await user.click(await screen.findByRole('button', { name: /#30001/ }));
  const panel = screen.getByRole('region', { name: 'Order #30001' });
  await user.type(screen.getByRole('textbox', { name: 'Barcode or SKU' }), `${code}{Enter}`);
  return panel;
}

describe('the picking screen', () => {
  afterEach(resetScreen);

  it("shows the selected order's lines and confirms a scan with the pick's answer", async () => {
    const api = pickingApi(() => orderAnswer([{ ...dress, status: 'picked', location_suggested: false }, top]));
    const panel = await openOrderAndScan('kn1010-12-wine');

    const lines = within(within(panel).getByRole('list', { name: 'Items to pick' })).getAllByRole('listitem');
    expect(lines.map((l) => l.getAttribute('data-sku'))).toEqual(['KN1010-12-WINE', 'TP1007-6-GREEN']);
    expect(await screen.findByText('Picked KN1010-12-WINE (Knit Dress, 12 WINE) from A-2-1.')).toBeTruthy();
    // The answer is what the screen shows: the line is picked and counted, with no second read of the list.
    expect(within(lines[0]!).getByText('Picked')).toBeTruthy();
    expect(within(lines[1]!).getByRole('button', { name: 'Pick TP1007-6-GREEN' })).toBeTruthy();
    expect(within(panel).getByText('1 of 2 items picked')).toBeTruthy();
    expect(api.callsTo('POST', '/orders/1/items/11/pick').map((c) => c.body)).toEqual([{ location: 'A-2-1' }]);
    expect(api.callsTo('GET', '/orders')).toHaveLength(1);
  });

  it('shows a refused scan, and offers the locations that hold the item', async () => {
    pickingApi(() => ({
      status: 409,
      error: {
        code: 'CONFLICT',
        message: 'Not enough stock of KN1010-12-WINE at A-2-1',
        details: [{ field: 'location', message: 'B-1-1: 5' }],
      },
    }));
    const panel = await openOrderAndScan('KN1010-12-WINE');

    const feedback = await screen.findByText('Not enough stock of KN1010-12-WINE at A-2-1', { selector: '.scan-feedback' });
    expect(feedback.className).toContain('scan-feedback-error');
    expect(within(panel).getByRole('button', { name: 'Pick from B-1-1' })).toBeTruthy();
    expect(within(panel).getByText('0 of 2 items picked')).toBeTruthy();
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Pick KN1010-12-WINE' }).hasAttribute('disabled')).toBe(false));
  });
});
