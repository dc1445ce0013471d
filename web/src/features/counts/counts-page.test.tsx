// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { SkuLookup } from '@wh/contracts/catalogue/http';
import { approveCountBodySchema, COUNT_MESSAGES, countLocationBodySchema, sendBackCountBodySchema, type CountLocation, type CountTaskDetail, type MyCounts } from '@wh/contracts/counts/http';
import { fakeApi, onePage, renderScreen, resetScreen, testUser, type FakeCall } from '../../lib/testing.ts';
import { CountsPage } from './counts-page.tsx';

const mine: MyCounts = {
  counts: [
    {
      id: 7,
      reason: 'Before the stocktake',
      due: null,
      assigned_to_me: true,
      locations: [
        { location: 'A-1-1', status: 'to_count', may_count: true },
        { location: 'A-1-2', status: 'to_count', may_count: true },
        { location: 'A-1-3', status: 'recount', may_count: false },
      ],
    },
  ],
};

const sku = (code: string, found: string, matched: SkuLookup['matched']): SkuLookup => ({
  sku: found,
  style_id: 1,
  style_code: found.split('-')[0] ?? found,
  style_name: 'Dress',
  size: '8',
  color: 'BEIGE',
  barcodes: matched === 'barcode' ? [code] : [],
  matched,
});
const SKUS: Record<string, SkuLookup> = {
  '5012345678900': sku('5012345678900', 'DR1000-8-BEIGE', 'barcode'),
  'KN1010-12-WINE': sku('KN1010-12-WINE', 'KN1010-12-WINE', 'sku'),
};

const settledLocation = (location: string, counted: number, expected: number): CountLocation => ({
  location,
  status: 'settled',
  recount_not_by: null,
  rounds: [{ round: 1, counted_by: { id: 4, username: 'rae', full_name: 'Rae Counter' }, at: '2026-12-02T10:00:00Z', empty: false, lines: [{ sku: 'DR1000-8-BEIGE', counted, expected, variance: counted - expected }] }],
  variance: counted === expected ? [] : [{ sku: 'DR1000-8-BEIGE', style_code: 'DR1000', variance: counted - expected }],
});
const detail = (locations: CountLocation[]): CountTaskDetail => ({
  id: 7,
  status: 'open',
  source: 'manual',
  reason: 'Before the stocktake',
  assignee: null,
  due: '2026-12-10',
  created_at: '2026-12-01T09:00:00Z',
  created_by: null,
  counts: { locations: locations.length, to_count: 1, recount: 0, settled: locations.filter((l) => l.status === 'settled').length, approved: 0 },
  locations,
});
const withStatus = (task: CountTaskDetail, codes: readonly string[], status: CountLocation['status']): CountTaskDetail => ({
  ...task,
  locations: task.locations.map((l) => (codes.includes(l.location) ? { ...l, status } : l)),
});

function counts() {
  let task = detail([
    settledLocation('A-1-1', 5, 4),
    settledLocation('A-1-2', 3, 3),
    settledLocation('A-1-3', 0, 2),
    { location: 'A-1-4', status: 'to_count', recount_not_by: null, rounds: [], variance: [] },
  ]);
  let myCounts = mine;
  const made = new Map<number, CountTaskDetail>();
  return fakeApi({
    // Before 'GET /counts/:id', which /counts/mine would match too.
    'GET /counts/mine': () => ({ data: myCounts }),
    'GET /skus/lookup': (call: FakeCall) => {
      const found = SKUS[call.query.get('code') ?? ''];
      return found ? { data: found } : { status: 404, error: { code: 'NOT_FOUND', message: 'SKU not found' } };
    },
    'POST /counts/:id/locations/:location/count': (call: FakeCall) => {
      // Parsed as the server does: a body the contracts refuse fails the test.
      const body = countLocationBodySchema.parse(call.body);
      const units = body.lines.reduce((n, l) => n + l.counted, 0);
      const location = call.params.location ?? '';
      const done = (l: (typeof mine.counts)[number]['locations'][number]) => (l.location === location ? { ...l, status: 'done' as const, may_count: false } : l);
      myCounts = { counts: myCounts.counts.map((t) => ({ ...t, locations: t.locations.map(done) })) };
      return { data: { count_id: 7, location, round: 1, outcome: 'settled', units }, message: COUNT_MESSAGES.settledMessage(location, units) };
    },
    'GET /counts': () => ({ data: { counts: [task], pagination: onePage(1) } }),
    'GET /counts/:id': (call: FakeCall) => ({ data: made.get(Number(call.params.id)) ?? task }),
    'GET /orders/workers': () => ({ data: { workers: [{ id: 4, username: 'rae', full_name: 'Rae Counter' }] } }),
    'POST /counts/:id/approve': (call: FakeCall) => {
      const locations = approveCountBodySchema.parse(call.body).locations ?? task.locations.filter((l) => l.status === 'settled').map((l) => l.location);
      task = withStatus(task, locations, 'approved');
      return { data: task, message: COUNT_MESSAGES.approved(7, locations.length, 1) };
    },
    'POST /counts': () => {
      const created: CountTaskDetail = { ...task, id: 9, locations: task.locations.slice(0, 2), counts: { ...task.counts, locations: 2 } };
      made.set(9, created);
      return { status: 201, data: created, message: COUNT_MESSAGES.created(9, 2, 1) };
    },
    'POST /counts/plan': () => {
      const planned: CountTaskDetail = { ...task, id: 10, source: 'plan' };
      made.set(10, planned);
      return { data: planned, message: COUNT_MESSAGES.planned(10, 4) };
    },
    'POST /counts/:id/assign': (call: FakeCall) => {
      task = { ...task, assignee: { id: 4, username: 'rae', full_name: 'Rae Counter' } };
      return { data: task, message: `Count #${call.params.id ?? ''} assigned to Rae Counter.` };
    },
    'POST /counts/:id/send-back': (call: FakeCall) => {
      const { locations } = sendBackCountBodySchema.parse(call.body);
      task = withStatus(task, locations, 'to_count');
      return { data: task, message: COUNT_MESSAGES.sentBack(7, locations.length) };
    },
  });
}

const worker = testUser({ id: 4, username: 'rae', role: 'worker' });

async function scan(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(screen.getByRole('textbox', { name: 'Location, SKU or barcode' }), `${code}{Enter}`);
}

// Every field labelled, every button and link named: axe's rules for names, run on the screen as it is.
async function expectNamed(container: HTMLElement) {
  const result = await axe.run(container, { runOnly: ['label', 'button-name', 'link-name', 'aria-valid-attr', 'aria-valid-attr-value', 'aria-allowed-attr'] });
  expect(result.passes.length).toBeGreaterThan(0);
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
}

describe('the cycle counts screen', () => {
  afterEach(resetScreen);

  it('a counter scans a location, a barcode twice and a SKU with a typed quantity, and sends exactly that, blind', async () => {
    const api = counts();
    const user = userEvent.setup();
    const { container } = renderScreen(<CountsPage />, { user: worker, route: '/counts' });
    await screen.findByText('A-1-1');
    await scan(user, 'a-1-3');
    await screen.findByText('A-1-3 needs its recount by someone else.');

    await scan(user, 'a-1-1');
    await screen.findByText('Counting A-1-1: scan each unit, or type its SKU.');
    await scan(user, '5012345678900');
    await screen.findByText('DR1000-8-BEIGE: 1 unit at A-1-1.');
    await scan(user, '5012345678900');
    await screen.findByText('DR1000-8-BEIGE: 2 units at A-1-1.');
    await scan(user, 'kn1010-12-wine');
    const units = await screen.findByRole('textbox', { name: 'Units of KN1010-12-WINE' });
    await user.clear(units);
    await user.type(units, '4');
    await user.tab();
    // A barcode is looked up once; another label waits until this one is sent or cleared.
    expect(api.callsTo('GET', '/skus/lookup').map((c) => c.query.get('code'))).toEqual(['5012345678900', 'KN1010-12-WINE']);
    await scan(user, 'A-1-2');
    await screen.findByText('A-1-1 has units listed: send its count or clear it before scanning A-1-2.');
    expect(screen.getByRole('button', { name: 'Location is empty' })).toHaveProperty('disabled', true);
    await expectNamed(container);

    // A scanner's burst with its Enter, while Send count has focus, is a scan: it adds a unit and sends nothing.
    const send = screen.getByRole('button', { name: 'Send count (6 units)' });
    send.focus();
    for (const key of [...'5012345678900', 'Enter']) {
      fireEvent.keyDown(send, { key });
      fireEvent.keyUp(send, { key });
    }
    await screen.findByText('DR1000-8-BEIGE: 3 units at A-1-1.');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.clear(screen.getByRole('textbox', { name: 'Units of DR1000-8-BEIGE' }));
    await user.type(screen.getByRole('textbox', { name: 'Units of DR1000-8-BEIGE' }), '2');
    await user.tab();

    await user.click(screen.getByRole('button', { name: 'Send count (6 units)' }));
    await screen.findByText('A-1-1 counted: 6 units. Thank you.');
    expect(api.callsTo('POST', '/counts/7/locations/A-1-1/count').map((c) => c.body)).toEqual([
      { lines: [{ sku: 'DR1000-8-BEIGE', counted: 2 }, { sku: 'KN1010-12-WINE', counted: 4 }], empty: false },
    ]);
    const locations = screen.getByRole('list', { name: 'Locations of Count #7' });
    await waitFor(() => expect(within(locations).getAllByText('Done')).toHaveLength(1));

    // Blind: the worker's screen reads no manager's task (where expected quantities are), and shows none.
    expect(api.calls.filter((c) => c.method === 'GET' && /^\/counts(\/\d+)?$/.test(c.path))).toEqual([]);
    expect(screen.queryByText(/expected/i)).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Manage' })).toBeNull();
  });

  it('"Location is empty" sends no lines and says so', async () => {
    const api = counts();
    const user = userEvent.setup();
    renderScreen(<CountsPage />, { user: worker, route: '/counts' });
    await screen.findByText('A-1-2');
    await scan(user, 'A-1-2');
    await screen.findByRole('region', { name: 'Counting A-1-2' });
    expect(screen.getByRole('button', { name: 'Send count' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Location is empty' }));
    await screen.findByText('A-1-2 counted: 0 units. Thank you.');
    expect(api.callsTo('POST', '/counts/7/locations/A-1-2/count').map((c) => c.body)).toEqual([{ lines: [], empty: true }]);
  });

  it('a manager sees a task\'s rounds against expected, approves chosen settled locations, sends one back and assigns the count', async () => {
    const api = counts();
    const user = userEvent.setup();
    const { container } = renderScreen(<CountsPage />, { user: testUser({ role: 'manager' }), route: '/counts' });
    await user.click(await screen.findByRole('tab', { name: 'Manage' }));
    await user.click(await screen.findByRole('button', { name: 'Open Count #7' }));
    const task = await screen.findByRole('region', { name: 'Count #7' });
    within(task).getByRole('grid', { name: 'A-1-1, round 1' });
    expect(within(task).getByText('Settled variance: DR1000-8-BEIGE +1')).toBeTruthy();
    expect(within(task).getByRole('link', { name: 'Print count sheet of Count #7' }).getAttribute('href')).toBe('/print/counts/7/sheet');
    await expectNamed(container);

    await user.click(within(task).getByRole('checkbox', { name: 'A-1-1' }));
    await user.click(within(task).getByRole('checkbox', { name: 'A-1-2' }));
    await user.click(within(task).getByRole('button', { name: 'Approve selected (2)' }));
    await screen.findByText('Count #7: 2 locations approved, 1 unit of variance posted.');
    expect(api.callsTo('POST', '/counts/7/approve').map((c) => c.body)).toEqual([{ locations: ['A-1-1', 'A-1-2'] }]);
    await waitFor(() => expect(within(task).queryByRole('checkbox', { name: 'A-1-1' })).toBeNull());

    await user.click(within(task).getByRole('checkbox', { name: 'A-1-3' }));
    await user.type(within(task).getByRole('textbox', { name: 'Note for the recount' }), 'Check the top shelf');
    await user.click(within(task).getByRole('button', { name: 'Send back selected (1)' }));
    await screen.findByText('Count #7: 1 location sent back to be counted again.');
    expect(api.callsTo('POST', '/counts/7/send-back').map((c) => c.body)).toEqual([{ locations: ['A-1-3'], note: 'Check the top shelf' }]);

    await user.click(within(task).getByRole('button', { name: /Who counts/ }));
    await user.click(await screen.findByRole('option', { name: 'Rae Counter' }));
    await screen.findByText('Count #7 assigned to Rae Counter.');
    expect(api.callsTo('POST', '/counts/7/assign').map((c) => c.body)).toEqual([{ assignee_id: 4 }]);
  });

  it('a manager creates a count of a range, for one counter, by a day, and plans today\'s counts', async () => {
    const api = counts();
    const user = userEvent.setup();
    renderScreen(<CountsPage />, { user: testUser({ role: 'manager' }), route: '/counts' });
    await user.click(await screen.findByRole('tab', { name: 'Manage' }));
    const form = await screen.findByRole('form', { name: 'New count' });
    expect(within(form).getByRole('button', { name: 'Create count' })).toHaveProperty('disabled', true);
    await user.type(within(form).getByRole('textbox', { name: 'From location' }), 'a-1-1');
    await user.type(within(form).getByRole('textbox', { name: 'To location' }), 'a-1-2');
    await user.click(within(form).getByRole('button', { name: /Who counts/ }));
    await user.click(await screen.findByRole('option', { name: 'Rae Counter' }));
    await user.type(within(form).getByLabelText('Due'), '2026-12-10');
    await user.type(within(form).getByRole('textbox', { name: 'Note' }), 'Before the stocktake');
    await user.click(within(form).getByRole('button', { name: 'Create count' }));
    await screen.findByText('Count #9 created: 2 locations to count. 1 location already in an open count left out.');
    expect(api.callsTo('POST', '/counts').map((c) => c.body)).toEqual([
      { scope: { kind: 'range', from: 'A-1-1', to: 'A-1-2' }, assignee_id: 4, due: '2026-12-10', note: 'Before the stocktake' },
    ]);
    await screen.findByRole('region', { name: 'Count #9' });

    await user.click(screen.getByRole('button', { name: "Plan today's counts" }));
    await screen.findByText("Count #10: today's plan, 4 locations to count.");
    expect(api.callsTo('POST', '/counts/plan')).toHaveLength(1);
  });
});
