// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReturnParcel, ShippedOrder } from '@wh/contracts/returns/http';
import { fakeApi, onePage, renderScreen, resetScreen, testUser, type FakeCall } from '../../lib/testing.ts';
import { ReturnsPage } from './returns-page.tsx';

const order: ShippedOrder = {
  id: 7,
  order_number: '#7001',
  customer_name: null,
  verified_at: '2026-12-01T10:00:00.000Z',
  lines: [{ order_item_id: 71, sku: 'DR1000-8-BEIGE', style_code: 'DR1000', size: '8', colour: 'Beige', item_name: 'Wrap Midi Dress', barcodes: [], shipped: 2, returned: 0 }],
};

const parcel = (waiting: number, placed: { location: string; quantity: number }[] = []): ReturnParcel => ({
  id: 12,
  status: waiting > 0 ? 'waiting' : 'done',
  order: { id: 7, order_number: '#7001' },
  scanned: 'DR1000-8-BEIGE',
  note: null,
  received_at: '2026-12-02T10:00:00.000Z',
  received_by: 'rae',
  lines: [
    {
      line: 1,
      order_item_id: 71,
      sku: 'DR1000-8-BEIGE',
      style_code: 'DR1000',
      size: '8',
      colour: 'Beige',
      quantity: 1,
      reason: 'too_small',
      reason_note: null,
      grade: 'A',
      placed: { restocked: placed, written_off: 0 },
      waiting: { bench: waiting, returns: 0 },
      // The only bin with the SKU is full: the suggestion says so beside its button.
      suggestion: waiting > 0 ? { location: 'A-1-1', over_capacity: { location: 'A-1-1', capacity: 10, quantity_after: 11 } } : null,
    },
  ],
});

function bench() {
  return fakeApi({
    'GET /returns/lookup': (call: FakeCall) => ({ data: call.query.get('code') === 'DR1000-8-BEIGE' ? { orders: [order], sku: 'DR1000-8-BEIGE' } : { orders: [], sku: null } }),
    'GET /returns': () => ({ data: { returns: [], pagination: onePage(0) } }),
    'GET /returns/:id': () => ({ data: parcel(1) }),
    'POST /returns': () => ({ status: 201, data: parcel(1), message: 'Return #12 received: 1 unit from #7001.' }),
    'POST /returns/:id/lines/:line/restock': () => ({ data: { ...parcel(0, [{ location: 'A-1-1', quantity: 1 }]), over_capacity: null }, message: '1 unit of DR1000-8-BEIGE restocked to A-1-1.' }),
  });
}

const worker = testUser({ id: 4, username: 'rae', role: 'worker' });

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(screen.getByRole('textbox', { name: 'Order, SKU, barcode or location' }), `${code}{Enter}`);
}

describe('the returns bench', () => {
  afterEach(resetScreen);

  it('a typed SKU opens its order with the unit counted; a reason and Receive send one receipt; the suggestion says the bin is full', async () => {
    const api = bench();
    const user = userEvent.setup();
    renderScreen(<ReturnsPage />, { user: worker, route: '/returns' });
    await typeCode(user, 'dr1000-8-beige');
    await screen.findByText('DR1000-8-BEIGE: 1 unit back from #7001. Choose why it came back.');
    const receive = screen.getByRole('button', { name: 'Receive 1 unit' });
    expect(receive).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('radio', { name: 'Too small' }));
    await user.click(receive);
    await screen.findByText('Return #12 received: 1 unit from #7001. Scan A-1-1 to put DR1000-8-BEIGE there, or another location.');
    expect(api.callsTo('POST', '/returns').map((c) => c.body)).toEqual([
      { order_id: 7, scanned: 'DR1000-8-BEIGE', note: null, lines: [{ order_item_id: 71, sku: 'DR1000-8-BEIGE', quantity: 1, reason: 'too_small', reason_note: null, grade: 'A' }] },
    ]);

    const panel = screen.getByRole('region', { name: 'Return #12 · #7001' });
    within(panel).getByText('A-1-1 is over capacity: it holds 11 units for a capacity of 10 (1 over).');
    // A worker leaves grade D units for a manager: no write-off here.
    expect(within(panel).queryByRole('button', { name: 'Write off' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Restock 1 to A-1-1' }));
    await screen.findByText('1 unit of DR1000-8-BEIGE restocked to A-1-1.');
    expect(api.callsTo('POST', '/returns/12/lines/1/restock').map((c) => c.body)).toEqual([{ location: 'A-1-1', quantity: 1 }]);
    await waitFor(() => expect(within(panel).getByText('1 to A-1-1')).toBeTruthy());
  });

  it('a code no shipped order holds offers to receive the parcel without an order, which needs a note', async () => {
    bench();
    const user = userEvent.setup();
    renderScreen(<ReturnsPage />, { user: testUser({ role: 'manager' }), route: '/returns' });
    await typeCode(user, 'no-slip');
    await screen.findByText('No shipped order matches NO-SLIP. Receive it without an order, or scan another code.');
    await user.click(screen.getByRole('button', { name: 'Receive without an order' }));
    const panel = screen.getByRole('region', { name: 'Return without an order' });
    expect(within(panel).getByText('Please write a note saying what is in the parcel: it has no order.')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Receive without an order' })).toHaveProperty('disabled', true);
    await user.type(within(panel).getByRole('textbox', { name: 'Note' }), 'A bag, no slip');
    expect(within(panel).getByRole('button', { name: 'Receive without an order' })).toHaveProperty('disabled', false);
  });
});
