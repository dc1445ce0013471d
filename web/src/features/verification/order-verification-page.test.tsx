// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@wh/contracts/orders/http';
import { deferred, fakeApi, onePage, orderItem, orderSummary, renderScreen, resetScreen, testUser, type FakeAnswer, type FakeHandler } from '../../lib/testing.ts';
import { OrderVerificationPage } from './order-verification-page.tsx';

const verifier = testUser({ id: 3, username: 'eve', full_name: 'Eve Executive', role: 'executive2' });
const wendy = { id: 7, username: 'wendy', full_name: 'Wendy Worker' };
const dress = orderItem({ id: 11, sku: 'KN1010-12-WINE', style_name: 'Knit Dress', status: 'picked' });
const tee = orderItem({ id: 12, sku: 'TP1007-6-GREEN', style_name: 'Tee', size: '6', color: 'GREEN', location: 'A-10-1', status: 'pending' });
const first = orderSummary({ id: 1, order_number: '#30001', status: 'completed', completed_at: '2026-03-02T11:00:00Z', assigned_worker: wendy });
const second = orderSummary({ id: 2, order_number: '#30002', status: 'completed', completed_at: '2026-03-02T12:00:00Z', total_items: 1 });

/** The queue as the server reads it now (completed orders only), and each order with its items. */
function verificationApi(queue: OrderSummary[], verify?: FakeHandler) {
  return fakeApi({
    'GET /orders': ({ query }) => {
      const listed = queue.filter((o) => o.status === query.get('status'));
      return { data: { orders: listed, pagination: onePage(listed.length) } };
    },
    'GET /orders/:id': ({ params }) => {
      const order = queue.find((o) => o.id === Number(params.id));
      const items = order?.id === 1 ? [dress, tee] : [orderItem({ id: 21 })];
      return order ? { data: { ...order, items, items_pagination: onePage(items.length) } } : { status: 404, error: { code: 'NOT_FOUND', message: 'Order not found' } };
    },
    ...(verify ? { 'POST /orders/:id/verify': verify } : {}),
    'POST /orders/:id/send-back': ({ params, body }) => {
      const order = queue.find((o) => o.id === Number(params.id))!;
      Object.assign(order, { status: 'picking', hold: null });
      return { data: { ...order, items: [dress, tee], items_pagination: onePage(2) }, message: `Sent back: ${JSON.stringify(body)}` };
    },
  });
}

const queueList = () => screen.getByRole('list', { name: 'Completed orders' });
const orderButton = (orderNumber: string) => within(queueList()).getByRole('button', { name: new RegExp(orderNumber) });

describe('the order verification screen', () => {
  afterEach(resetScreen);

  it('lists the completed orders (and asks for only those); selecting one shows its items, picked or not', async () => {
    const user = userEvent.setup();
    const api = verificationApi([first, second]);
    renderScreen(<OrderVerificationPage />, { user: verifier, route: '/order-verification' });

    expect(await screen.findByRole('heading', { name: 'Completed Orders (2)' })).toBeTruthy();
    expect(within(orderButton('#30001')).getByText(/Wendy Worker/)).toBeTruthy();
    expect(orderButton('#30002')).toBeTruthy();
    expect(screen.getByText('Select an order to verify')).toBeTruthy();
    expect(api.callsTo('GET', '/orders').map((c) => c.query.get('status')).sort()).toEqual(['completed', 'on_hold']);

    expect(orderButton('#30001').getAttribute('aria-pressed')).toBe('false');
    await user.click(orderButton('#30001'));

    expect(orderButton('#30001').getAttribute('aria-pressed')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Verification' });
    expect(within(panel).getByRole('heading', { name: '#30001' })).toBeTruthy();
    const items = within(await within(panel).findByRole('list', { name: 'Order items' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Knit Dress')).toBeTruthy();
    expect(within(items[0]!).getByText('Picked')).toBeTruthy();
    expect(within(items[1]!).getByText('Tee')).toBeTruthy();
    expect(within(items[1]!).getByText('Not picked')).toBeTruthy();
    // Only the selected order's items are read.
    expect(api.callsTo('GET', '/orders/1')).toHaveLength(1);
    expect(api.callsTo('GET', '/orders/2')).toHaveLength(0);
  });

  it('Verify sends the notes and discrepancy, is disabled while pending, and the verified order leaves the queue', async () => {
    const user = userEvent.setup();
    const answer = deferred<FakeAnswer>();
    const queue = [first, second];
    // The server verifies when it answers: a queue read after that no longer has the order.
    const api = verificationApi(queue, async () => {
      const given = await answer.promise;
      queue.splice(0, 1);
      return given;
    });
    renderScreen(<OrderVerificationPage />, { user: verifier, route: '/order-verification' });

    await user.click(await screen.findByRole('button', { name: /#30001/ }));
    const panel = screen.getByRole('region', { name: 'Verification' });
    await within(panel).findByRole('list', { name: 'Order items' });
    await user.type(within(panel).getByRole('textbox', { name: 'Verification Notes' }), 'Tee short');
    expect(within(panel).getByText('No discrepancies reported')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Add Discrepancy' }));
    const discrepancy = within(panel).getByRole('group', { name: 'Discrepancy 1' });
    await user.type(within(discrepancy).getByRole('textbox', { name: 'Issue' }), 'Missing');
    await user.type(within(discrepancy).getByRole('textbox', { name: 'Resolution' }), 'Sent');

    // Every line is accounted for first: confirmed by hand here.
    const verify = within(panel).getByRole('button', { name: 'Verify Order' });
    expect(verify.hasAttribute('disabled')).toBe(true);
    expect(within(panel).getByText('Count or confirm every line before verifying: 2 left.')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Confirm All as Picked' }));
    await user.click(verify);
    const pending = await within(panel).findByRole('button', { name: 'Verifying...' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    expect(within(panel).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    expect(api.callsTo('POST', '/orders/1/verify').map((c) => c.body)).toEqual([
      {
        verification_notes: 'Tee short',
        discrepancies: [{ item_id: 11, issue: 'Missing', resolution: 'Sent' }],
        counts: [{ item_id: 11, counted: 1 }, { item_id: 12, counted: 0 }],
        wrong_items: [],
      },
    ]);

    answer.resolve({ data: { ...first, status: 'verified', verified_at: '2026-03-02T13:00:00Z', items: [dress, tee], items_pagination: onePage(2) } });
    expect(await screen.findByText('Order verified successfully!')).toBeTruthy();
    await waitFor(() => expect(within(queueList()).queryByRole('button', { name: /#30001/ })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Completed Orders (1)' })).toBeTruthy();
    expect(orderButton('#30002')).toBeTruthy();
    expect(screen.getByText('Select an order to verify')).toBeTruthy();
    // The command invalidates the lists once: each is read once more.
    await waitFor(() => expect(api.callsTo('GET', '/orders')).toHaveLength(4));
  });

  it('a refused verification says why and keeps the order open with what was typed', async () => {
    const user = userEvent.setup();
    verificationApi([first], () => ({ status: 409, error: { code: 'INVALID_STATE', message: 'Order is not completed' } }));
    renderScreen(<OrderVerificationPage />, { user: verifier, route: '/order-verification' });

    await user.click(await screen.findByRole('button', { name: /#30001/ }));
    const panel = screen.getByRole('region', { name: 'Verification' });
    await user.type(within(panel).getByRole('textbox', { name: 'Verification Notes' }), 'Checked');
    await user.click(await within(panel).findByRole('button', { name: 'Confirm All as Picked' }));
    await user.click(within(panel).getByRole('button', { name: 'Verify Order' }));

    expect(await screen.findByText('Verification failed: Order is not completed')).toBeTruthy();
    expect((within(panel).getByRole('textbox', { name: 'Verification Notes' }) as HTMLTextAreaElement).value).toBe('Checked');
    expect(within(panel).getByRole('button', { name: 'Verify Order' }).hasAttribute('disabled')).toBe(false);
  });

  it('notes stay with their order when another is clicked, survive leaving the screen, and go once the order is verified', async () => {
    const user = userEvent.setup();
    const queue = [first, second];
    const api = verificationApi(queue, () => {
      queue.splice(0, 1);
      return { data: { ...first, status: 'verified', verified_at: '2026-03-02T13:00:00Z', items: [dress, tee], items_pagination: onePage(2) } };
    });
    const notesBox = () => within(screen.getByRole('region', { name: 'Verification' })).getByRole('textbox', { name: 'Verification Notes' }) as HTMLTextAreaElement;
    const page = renderScreen(<OrderVerificationPage />, { user: verifier, route: '/order-verification' });

    await user.click(await screen.findByRole('button', { name: /#30001/ }));
    await user.type(notesBox(), 'Tee short');
    await user.click(orderButton('#30002'));
    expect(notesBox().value).toBe('');
    await user.type(notesBox(), 'Fine');
    await user.click(orderButton('#30001'));
    expect(notesBox().value).toBe('Tee short');

    // Leaving and coming back (or a reload: the draft is on the device, per user).
    expect(JSON.parse(localStorage.getItem('draft:verification-notes:3') ?? '{}')).toEqual({ 1: 'Tee short', 2: 'Fine' });
    page.unmount();
    renderScreen(<OrderVerificationPage />, { user: verifier, route: '/order-verification' });
    await user.click(await screen.findByRole('button', { name: /#30001/ }));
    expect(notesBox().value).toBe('Tee short');

    await user.click(await screen.findByRole('button', { name: 'Confirm All as Picked' }));
    await user.click(screen.getByRole('button', { name: 'Verify Order' }));
    expect(await screen.findByText('Order verified successfully!')).toBeTruthy();
    expect(api.callsTo('POST', '/orders/1/verify').map((c) => (c.body as { verification_notes: string }).verification_notes)).toEqual(['Tee short']);
    expect(JSON.parse(localStorage.getItem('draft:verification-notes:3') ?? '{}')).toEqual({ 2: 'Fine' });
  });

  it('a unit scanned short holds the order, saying why; the held order is sent back to its picker', async () => {
    const user = userEvent.setup();
    const queue = [{ ...first, total_items: 2 }];
    const hold = {
      held_by: { id: 3, username: 'eve', full_name: 'Eve Executive' },
      held_at: '2026-03-02T13:00:00Z',
      lines: [{ item_id: 11, sku: 'KN1010-12-WINE', expected: 1, counted: 0, issue: 'Counted 0 of 1' }],
      wrong_items: [{ code: 'DR1012-10-BLUE', quantity: 1 }],
      discrepancies: [],
      verification_notes: null,
    };
    const api = verificationApi(queue, () => {
      Object.assign(queue[0]!, { status: 'on_hold', hold });
      return { data: { ...queue[0]!, items: [dress, tee], items_pagination: onePage(2) }, message: 'Order #30001 is on hold: KN1010-12-WINE counted 0 of 1.' };
    });
    renderScreen(<OrderVerificationPage />, { user: verifier, route: '/order-verification' });

    await user.click(await screen.findByRole('button', { name: /#30001/ }));
    const panel = screen.getByRole('region', { name: 'Verification' });
    await within(panel).findByRole('list', { name: 'Order items' });
    await user.type(within(panel).getByRole('textbox', { name: 'Scan each unit' }), 'dr1012-10-blue{Enter}');
    expect(within(panel).getByText('DR1012-10-BLUE is not in this order: put it aside.')).toBeTruthy();
    await user.type(within(panel).getByRole('textbox', { name: 'Scan each unit' }), 'tp1007-6-green{Enter}');
    await user.click(within(panel).getByRole('button', { name: 'Confirm All as Picked' }));
    await user.clear(within(panel).getByRole('textbox', { name: 'Counted KN1010-12-WINE' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Counted KN1010-12-WINE' }), '0');
    await user.click(within(panel).getByRole('button', { name: 'Verify Order' }));
    expect(api.callsTo('POST', '/orders/1/verify')[0]!.body).toMatchObject({
      counts: [{ item_id: 11, counted: 0 }, { item_id: 12, counted: 1 }],
      wrong_items: [{ code: 'DR1012-10-BLUE', quantity: 1 }],
    });
    expect(await screen.findByText('Order #30001 is on hold: KN1010-12-WINE counted 0 of 1.')).toBeTruthy();

    await user.click(await within(await screen.findByRole('list', { name: 'Orders on hold' })).findByRole('button', { name: /#30001/ }));
    const held = screen.getByRole('region', { name: 'Verification' });
    expect(within(held).getByText('On Hold')).toBeTruthy();
    expect(within(held).getByText(/: Counted 0 of 1/)).toBeTruthy();
    expect(within(held).getByText(/: not in this order/)).toBeTruthy();
    await user.type(await within(held).findByRole('textbox', { name: /Why\?/ }), 'Jumper missing');
    await user.click(within(held).getByRole('button', { name: 'Send Back to Picker' }));
    expect(api.callsTo('POST', '/orders/1/send-back').map((c) => c.body)).toEqual([{ item_ids: [11], reason: 'Jumper missing' }]);
    expect(await screen.findByText(/^Sent back:/)).toBeTruthy();
  });

  it('a manager undoes a pick on the held order: it stays open and on hold, the line held to be picked again or shipped short', async () => {
    const user = userEvent.setup();
    const manager = testUser({ id: 1, username: 'admin', full_name: 'Admin', role: 'manager' });
    const heldBy = { id: 3, username: 'eve', full_name: 'Eve Executive' };
    const tote = orderItem({ id: 13, sku: 'BG1005-FS-GREY', style_name: 'Tote Bag', status: 'picked' });
    const line = { item_id: 13, sku: 'BG1005-FS-GREY', expected: 1, counted: 0, issue: 'Counted 0 of 1' };
    const order = { ...first, status: 'on_hold' as const, hold: { held_by: heldBy, held_at: '2026-03-02T13:00:00Z', lines: [line], wrong_items: [], discrepancies: [], verification_notes: null } };
    let items = [dress, tote];
    const answer = () => ({ data: { ...order, items, items_pagination: onePage(items.length) } });
    const api = fakeApi({
      'GET /orders': ({ query }) => {
        const listed = query.get('status') === 'on_hold' ? [order] : [];
        return { data: { orders: listed, pagination: onePage(listed.length) } };
      },
      'GET /orders/:id': answer,
      'POST /orders/:id/items/:itemId/undo': ({ body }) => {
        items = [{ ...dress, status: 'pending' }, tote];
        const undone = { item_id: 11, sku: 'KN1010-12-WINE', expected: 0, counted: 0, issue: `Pick undone: ${(body as { reason: string }).reason}` };
        order.hold = { ...order.hold, lines: [line, undone] };
        return answer();
      },
      'POST /orders/:id/resolve': () => ({ data: { ...order, status: 'verified', hold: null, items, items_pagination: onePage(2) } }),
    });
    renderScreen(<OrderVerificationPage />, { user: manager, route: '/order-verification' });

    await user.click(await within(await screen.findByRole('list', { name: 'Orders on hold' })).findByRole('button', { name: /#30001/ }));
    const held = screen.getByRole('region', { name: 'Verification' });
    const lines = await within(held).findByRole('list', { name: 'Order items' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    expect(within(held).queryByRole('checkbox', { name: 'Pick KN1010-12-WINE again' })).toBeTruthy();
    await user.click(within(lines).getByRole('button', { name: 'Undo: KN1010-12-WINE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo Pick' });
    await user.type(within(dialog).getByRole('textbox', { name: /Why\?/ }), 'Wrong size in the tote');
    await user.click(within(dialog).getByRole('button', { name: 'Undo Pick' }));

    expect(api.callsTo('POST', '/orders/1/items/11/undo').map((c) => c.body)).toEqual([{ reason: 'Wrong size in the tote' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Still open, still on hold: the line undone is held, expecting nothing, and not picked.
    expect(within(held).getByText('On Hold')).toBeTruthy();
    expect(await within(held).findByText(/: Pick undone: Wrong size in the tote/)).toBeTruthy();
    const dressRow = await waitFor(() => {
      const row = within(within(held).getByRole('list', { name: 'Order items' })).getAllByRole('listitem')[0]!;
      expect(within(row).getByText('Not picked')).toBeTruthy();
      return row;
    });
    expect(within(dressRow).queryByRole('button', { name: 'Undo: KN1010-12-WINE' })).toBeNull();
    // Either picked again (sent back, offered with the held lines) or shipped short in full.
    expect(within(held).getByRole('checkbox', { name: 'Pick KN1010-12-WINE again' })).toBeTruthy();
    const shipped = within(held).getByRole('textbox', { name: 'Units of KN1010-12-WINE shipped' });
    expect(within(held).getByText('Its pick undone: none ships, short in full')).toBeTruthy();
    expect((shipped as HTMLInputElement).value).toBe('0');
    await user.type(within(held).getByRole('textbox', { name: /Why\?/ }), 'Customer refunded');
    await user.click(within(held).getByRole('button', { name: 'Resolve and Verify' }));
    expect(api.callsTo('POST', '/orders/1/resolve').map((c) => c.body)).toEqual([
      { lines: [{ item_id: 13, shipped: 0 }, { item_id: 11, shipped: 0 }], reason: 'Customer refunded' },
    ]);
  });
});
