// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@wh/contracts/orders/http';
import { deferred, fakeApi, onePage, orderItem, orderSummary, renderScreen, resetScreen, type FakeAnswer, type FakeCall } from '../../lib/testing.ts';
import { OrdersPage } from './orders-page.tsx';

const wendy = { id: 7, username: 'wendy', full_name: 'Wendy Worker' };
const pending = orderSummary({ id: 1, order_number: '#30001', status: 'pending' });
const picking = orderSummary({ id: 2, order_number: '#30002', status: 'picking', assigned_worker: wendy, assigned_worker_id: 7, assigned_worker_name: 'Wendy Worker', worker_id: 7 });

/** GET /orders as the server filters it (by status only, here). */
const listOf = (orders: OrderSummary[]) => (call: FakeCall): FakeAnswer => {
  const status = call.query.get('status');
  const shown = status ? orders.filter((o) => o.status === status) : orders;
  return { data: { orders: shown, pagination: onePage(shown.length) } };
};

function ordersApi(orders: OrderSummary[], assign?: (call: FakeCall) => Promise<FakeAnswer>) {
  return fakeApi({
    'GET /orders': listOf(orders),
    'GET /orders/workers': () => ({ data: { workers: [wendy] } }),
    ...(assign ? { 'POST /orders/:id/assign-worker': assign } : {}),
  });
}

const rowOf = (orderNumber: string) => screen.getByRole('row', { name: new RegExp(orderNumber) });

/** Picks an option of a select, found by its label (the trigger is named by its value, then its label). */
async function choose(user: ReturnType<typeof userEvent.setup>, within: HTMLElement, label: string, option: string) {
  const trigger = [...within.querySelectorAll('button')].find((b) => b.getAttribute('aria-labelledby') && b.closest('.field')?.querySelector('.field-label')?.textContent === label);
  if (!trigger) throw new Error(`No select labelled ${label}`);
  await user.click(trigger);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the orders screen', () => {
  afterEach(resetScreen);

  it('lists the orders, each with its status and worker', async () => {
    ordersApi([pending, picking]);
    renderScreen(<OrdersPage />, { route: '/orders' });

    expect(await screen.findByText('Showing 2 of 2 orders')).toBeTruthy();
    expect(within(rowOf('#30001')).getByText('Unassigned')).toBeTruthy();
    expect(within(rowOf('#30002')).getByText('Wendy Worker')).toBeTruthy();
    expect(within(rowOf('#30001')).getByRole('button', { name: 'Assign #30001' })).toBeTruthy();
  });

  it('filters by status: the list is read again with the filter, which shows as a removable tag', async () => {
    const user = userEvent.setup();
    const api = ordersApi([pending, picking]);
    renderScreen(<OrdersPage />, { route: '/orders' });
    await screen.findByText('Showing 2 of 2 orders');

    await choose(user, document.body, 'Status', 'Picking');

    await waitFor(() => expect(screen.getByText('Showing 1 of 1 orders')).toBeTruthy(), { timeout: 3_000 });
    expect(api.callsTo('GET', '/orders').at(-1)?.query.get('status')).toBe('picking');
    expect(screen.queryByRole('row', { name: /#30001/ })).toBeNull();
    expect(screen.getByText('Status: Picking')).toBeTruthy();
  });

  it('assigns an order: the button is disabled while the command is pending, and the row shows its answer', async () => {
    const user = userEvent.setup();
    const answer = deferred<FakeAnswer>();
    const assigned = { ...pending, status: 'assigned' as const, assigned_worker: wendy, assigned_worker_id: 7, assigned_worker_name: 'Wendy Worker', worker_id: 7 };
    const orders = [pending, picking];
    // The server assigns when it answers: a list read after that has the order assigned.
    const api = ordersApi(orders, async () => {
      const given = await answer.promise;
      orders[0] = assigned;
      return given;
    });
    renderScreen(<OrdersPage />, { route: '/orders' });

    await user.click(await screen.findByRole('button', { name: 'Assign #30001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Order' });
    const submit = within(dialog).getByRole('button', { name: 'Assign Order' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await choose(user, dialog, 'Worker', 'Wendy Worker');
    expect(submit.hasAttribute('disabled')).toBe(false);

    await user.click(submit);
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true));
    expect(api.callsTo('POST', '/orders/1/assign-worker').map((c) => c.body)).toEqual([{ worker_id: 7 }]);

    answer.resolve({ data: { ...assigned, items: [orderItem()], items_pagination: onePage(1) }, message: 'Worker assigned successfully' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(rowOf('#30001')).getByText('Wendy Worker')).toBeTruthy());
    expect(within(rowOf('#30001')).queryByRole('button', { name: 'Assign #30001' })).toBeNull();
    // The command invalidates the list once: it is read once more.
    await waitFor(() => expect(api.callsTo('GET', '/orders')).toHaveLength(2));
  });

  it("shows each order's batch and tote; deassigning a batched order names the batch in the question and the result", async () => {
    const user = userEvent.setup();
    const batched = orderSummary({
      id: 3,
      order_number: '#30003',
      status: 'assigned',
      assigned_worker: wendy,
      assigned_worker_id: 7,
      assigned_worker_name: 'Wendy Worker',
      worker_id: 7,
      batch: { id: 9, tote: 2 },
    });
    const api = fakeApi({
      'GET /orders': listOf([pending, batched]),
      'GET /orders/workers': () => ({ data: { workers: [wendy] } }),
      'POST /orders/:id/deassign-worker': () => ({
        data: { ...batched, status: 'pending', assigned_worker: null, assigned_worker_id: null, assigned_worker_name: null, worker_id: null, batch: null, items: [], items_pagination: onePage(0) },
        message: 'Worker deassigned successfully. Order #30003 left batch 9: tote 2 stays empty and the other totes keep their numbers',
      }),
    });
    renderScreen(<OrdersPage />, { route: '/orders' });
    await screen.findByText('Showing 2 of 2 orders');
    expect(within(rowOf('#30003')).getByText('Batch 9 · Tote 2')).toBeTruthy();
    expect(within(rowOf('#30001')).getByText('None')).toBeTruthy();

    await user.click(within(rowOf('#30003')).getByRole('button', { name: 'Deassign #30003' }));
    const question = await screen.findByRole('alertdialog', { name: 'Deassign Worker' });
    expect(question.textContent).toContain('It leaves Batch 9 · Tote 2: tote 2 stays empty, and the other totes keep their numbers.');
    await user.click(within(question).getByRole('button', { name: 'Deassign' }));

    expect(await screen.findByText(/Order #30003 left batch 9: tote 2 stays empty/)).toBeTruthy();
    expect(api.callsTo('POST', '/orders/3/deassign-worker')).toHaveLength(1);
  });

  it('Create Batch takes 2 to 12 selected orders, lists the tote each goes into, and names an order already in a batch', async () => {
    const user = userEvent.setup();
    const second = orderSummary({ id: 4, order_number: '#30004', status: 'pending' });
    const inBatch = orderSummary({ id: 5, order_number: '#30005', status: 'assigned', assigned_worker_id: 7, assigned_worker_name: 'Wendy Worker', batch: { id: 9, tote: 1 } });
    const api = fakeApi({
      'GET /orders': listOf([second, pending, inBatch]),
      'GET /orders/workers': () => ({ data: { workers: [wendy] } }),
      'POST /batches': () => ({ status: 201, data: { id: 12 }, message: 'Batch 12 created: 2 orders assigned to Wendy Worker' }),
    });
    renderScreen(<OrdersPage />, { route: '/orders' });
    await screen.findByText('Showing 3 of 3 orders');
    const select = (n: string) => user.click(within(rowOf(n)).getByRole('checkbox'));

    await select('#30004');
    expect(screen.getByRole('button', { name: 'Create Batch' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('A batch takes 2 to 12 orders')).toBeTruthy();
    await select('#30005');
    await user.click(screen.getByRole('button', { name: 'Create Batch' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create Batch' });
    expect(within(dialog).getByText(/#30005 is in Batch 9 · Tote 1/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await select('#30005');
    await select('#30001');
    await user.click(screen.getByRole('button', { name: 'Create Batch' }));
    dialog = await screen.findByRole('dialog', { name: 'Create Batch' });
    expect(within(within(dialog).getByRole('list', { name: 'Totes' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Tote 1 #30001', 'Tote 2 #30004']);
    await choose(user, dialog, 'Worker', 'Wendy Worker');
    await user.click(within(dialog).getByRole('button', { name: 'Create Batch' }));
    expect(await screen.findByText('Batch 12 created: 2 orders assigned to Wendy Worker')).toBeTruthy();
    expect(api.callsTo('POST', '/batches').map((c) => c.body)).toEqual([{ order_ids: [1, 4], worker_id: 7 }]);
  });

  it('marks orders with items no location holds, filters on them, and assigning one says so before and after', async () => {
    const user = userEvent.setup();
    const short = orderSummary({ id: 6, order_number: '#30006', status: 'pending', no_stock_items: 2 });
    const api = fakeApi({
      'GET /orders': (call) => {
        const shown = call.query.get('no_stock') === 'true' ? [short] : [pending, short];
        return { data: { orders: shown, pagination: onePage(shown.length) } };
      },
      'GET /orders/workers': () => ({ data: { workers: [wendy] } }),
      'POST /orders/:id/assign-worker': () => ({
        data: { ...short, status: 'assigned', assigned_worker_id: 7, assigned_worker_name: 'Wendy Worker', items: [], items_pagination: onePage(0) },
        message: 'Worker assigned successfully. No stock anywhere for #30006: DR1000-12-BEIGE, KN1010-14-WINE',
      }),
    });
    renderScreen(<OrdersPage />, { route: '/orders' });
    await screen.findByText('Showing 2 of 2 orders');
    expect(within(rowOf('#30006')).getByText('2 items without stock')).toBeTruthy();
    expect(within(rowOf('#30001')).queryByText(/without stock/)).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: /No stock anywhere/ }));
    await waitFor(() => expect(screen.getByText('Showing 1 of 1 orders')).toBeTruthy(), { timeout: 3_000 });
    expect(api.callsTo('GET', '/orders').at(-1)?.query.get('no_stock')).toBe('true');
    // The checkbox's label and the active filter's tag.
    expect(screen.getAllByText('No stock anywhere')).toHaveLength(2);

    await user.click(within(rowOf('#30006')).getByRole('button', { name: 'Assign #30006' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Order' });
    expect(within(dialog).getByText(/#30006 has 2 items without stock: no location holds them/)).toBeTruthy();
    await choose(user, dialog, 'Worker', 'Wendy Worker');
    await user.click(within(dialog).getByRole('button', { name: 'Assign Order' }));
    expect(await screen.findByText('Worker assigned successfully. No stock anywhere for #30006: DR1000-12-BEIGE, KN1010-14-WINE')).toBeTruthy();
  });
});
