import type { Kysely } from 'kysely';
import type { Database } from '@wh/db';
import {
  RETURNS_LOCATION,
  returnStreamId,
  type AsOf,
  type Location,
  type Receipt,
  type ReceiptList,
  type ReturnEvent,
  type ReturnLine,
  type Role,
  type StockMovement,
  type StreamPosition,
  type Style,
  type User,
} from '@wh/contracts';
import { appendToStreams } from '@wh/command/platform/event-store';
import { applyStockMovements } from '@wh/command/platform/stock';
import { signIn, type Answer, type Api } from '../scripts/demo/client.ts';
import { loadDemo, type DemoReport } from '../scripts/demo/load.ts';

// A history holding data of every kind, made through the HTTP API of a running app as its people would: the demo
// warehouse (scripts/demo/load.ts: users of every role, a layout, the catalogue, stock receipts approved into
// locations, orders in every state including cancelled and verified with a discrepancy, a batch), then what the demo
// lacks: receipts approved, rejected and left pending, a manual approval, adjustments both ways, barcodes given and
// taken off, a bin allocation sheet, a picking setting changed, an order deassigned, a line picked short, a deactivated
// user, a deleted one, a changed password and sessions left open. For tests that must see everything survive (the restore drill, the migrations from the first
// to the last).

export interface Person {
  username: string;
  password: string;
  role: Role;
}

export interface EveryKindHistory {
  demo: DemoReport;
  // Everyone who can sign in, with their password (the administrator's included); a deactivated or deleted user is
  // not among them.
  people: Person[];
  // The deactivated user: signing in is refused.
  deactivated: Person;
  // Instants during the history (before the stock arrived, after the demo, after the extras), each between two
  // changes of stock, and the location codes worth asking about as of each.
  instants: string[];
  locations: string[];
  // Sessions left signed in (their tokens stay valid across a backup and restore).
  openSessions: Api[];
}

// Until the clock shows a later millisecond than when called.
async function nextMillisecond(): Promise<void> {
  const called = Date.now();
  while (Date.now() <= called) await new Promise((resolve) => setImmediate(resolve));
}

// An instant strictly between what came before and what comes after: every change before it was recorded in an
// earlier millisecond (to the microsecond), every change after it in a later one.
async function instant(): Promise<string> {
  await nextMillisecond();
  const at = new Date().toISOString();
  await nextMillisecond();
  return at;
}

export async function makeEveryKindHistory(url: string, admin: { username: string; password: string }): Promise<EveryKindHistory> {
  const instants = [await instant()];
  const demo = await loadDemo({ url, username: admin.username, password: admin.password });
  instants.push(await instant());

  const manager = await signIn(url, admin.username, admin.password);
  const people: Person[] = [{ username: admin.username, password: admin.password, role: 'manager' }];
  for (const u of demo.users) if (u.password) people.push({ username: u.username, password: u.password, role: u.role });
  const as = (role: Role) => {
    const person = people.find((p) => p.role === role && p.username !== admin.username);
    if (!person) throw new Error(`the demo has no ${role}`);
    return signIn(url, person.username, person.password);
  };
  const stock = await as('executive2');
  const orders = await as('executive1');

  // ---- Receipts: of the demo's jeans delivery left pending, one approved into a jean rack, one rejected; the rest
  // (and the unknown style waiting for a manager) stay pending.
  const pending = (await manager.get<ReceiptList>('/api/stock-approval/receipts?status=pending&limit=200')).receipts.filter((r: Receipt) => r.approver !== 'manager');
  if (pending.length < 3) throw new Error(`the demo left ${pending.length} receipts pending, fewer than 3`);
  const locations = (await manager.get<{ locations: Location[] }>('/api/locations')).locations;
  const jeanRack = locations.find((l) => l.location_type === 'jean_rack')!;
  await stock.post(`/api/stock-approval/receipts/${pending[0]!.id}/approve`, { location: jeanRack.code, notes: 'Delivered early' });
  await stock.post(`/api/stock-approval/receipts/${pending[1]!.id}/reject`, { reason: 'Wrong colour delivered' });

  // ---- A manual approval: stock recorded straight into a bin, with a gatepass.
  const emptyBin = locations.find((l) => l.location_type === 'bin' && l.current_stock === 0)!;
  const received = pending[2]!;
  await stock.post('/api/stock-approval/manual-approve', {
    style_code: received.style_code,
    color: received.color,
    size: received.size,
    quantity: 7,
    location_type: 'bin',
    location_id: emptyBin.id,
    gatepass_number: 'GP-0042',
    notes: 'Counted at the door',
  });
  instants.push(await instant());

  // ---- Adjustments, both ways, at a location holding stock.
  const held = locations.find((l) => l.location_type === 'bin' && l.current_stock > 10)!;
  const there = await manager.get<AsOf>(`/api/inventory/as-of?location=${encodeURIComponent(held.code)}&at=${encodeURIComponent(new Date().toISOString())}`);
  const line = there.stock.find((s) => s.quantity >= 3)!;
  await manager.post('/api/inventory/adjust', { sku: line.sku, adjustment_type: 'decrease', quantity: 2, reason: 'Damaged goods', notes: 'Torn packaging', location: held.code, location_type: 'bin' });
  await manager.post('/api/inventory/adjust', { sku: line.sku, adjustment_type: 'increase', quantity: 5, reason: 'Physical count discrepancy', location: held.code, location_type: 'bin' });

  // ---- A bin allocation sheet: the bin of the manual approval set to 3 units (4 go back to RECEIVING).
  const sheet = ['Bin Number,SKU,Quantity', `${emptyBin.code},${received.sku},3`].join('\n');
  const allocated = await manager.upload('/api/files/upload/bin-allocation', 'bins.csv', Buffer.from(sheet));
  if (!allocated.ok) throw new Error(`bin allocation: ${allocated.status} ${allocated.message}`);
  instants.push(await instant());

  // ---- Barcodes: a maker's EAN-13 and an internal code on two SKUs of a style, and a third given and taken off.
  const style = (await manager.get<{ styles: Style[] }>('/api/styles?limit=1')).styles[0]!;
  const [first, second] = style.variants;
  await ok(manager.send('POST', `/api/styles/${style.id}/barcodes`, { sku: first!.sku, barcode: '4006381333931' }));
  await ok(manager.send('POST', `/api/styles/${style.id}/barcodes`, { sku: (second ?? first)!.sku, barcode: 'INT00001' }));
  await ok(manager.send('POST', `/api/styles/${style.id}/barcodes`, { sku: first!.sku, barcode: '96385074' }));
  await ok(manager.send('DELETE', `/api/styles/${style.id}/barcodes/96385074`));

  // ---- Settings and orders: scanning the location first turned on; a pending order assigned, then deassigned.
  await ok(manager.send('PUT', '/api/settings/picking', { scan_location_first: true }));
  const worker = people.find((p) => p.role === 'worker')!;
  const workerId = (await manager.get<{ users: User[] }>(`/api/users?search=${encodeURIComponent(worker.username)}`)).users[0]!.id;
  const order = (await manager.get<{ orders: { id: number; status: string }[] }>('/api/orders?status=pending&limit=100')).orders.find(() => true)!;
  await orders.post(`/api/orders/${order.id}/assign-worker`, { worker_id: workerId });
  await orders.post(`/api/orders/${order.id}/deassign-worker`);
  // ---- A short: a pending order assigned, its first line not found where the picker looked (flagged for a count).
  const picker = await signIn(url, worker.username, worker.password);
  const pendingOrders = (await manager.get<{ orders: { id: number }[] }>('/api/orders?status=pending&limit=100')).orders;
  const shortOrder = pendingOrders.find((o) => o.id !== order.id)!;
  await orders.post(`/api/orders/${shortOrder.id}/assign-worker`, { worker_id: workerId });
  const shortLine = (await picker.get<{ items: { id: number }[] }>(`/api/orders/${shortOrder.id}`)).items[0]!;
  await picker.post(`/api/orders/${shortOrder.id}/items/${shortLine.id}/short`, { looked_in: [held.code], notes: 'Not on the shelf' });

  // ---- Counts: the adjusted bin counted blind as it stands and approved; the count settings; the day's plan. (The
  // short's own count is the reactions' to make: counts/reactions.ts.)
  const count = await manager.post<{ id: number }>('/api/counts', { scope: { kind: 'range', from: held.code, to: held.code }, note: 'Every kind' });
  const now = await manager.get<AsOf>(`/api/inventory/as-of?location=${encodeURIComponent(held.code)}&at=${encodeURIComponent(new Date().toISOString())}`);
  const counted = now.stock.filter((s) => s.quantity > 0).map((s) => ({ sku: s.sku, counted: s.quantity }));
  await picker.post(`/api/counts/${count.id}/locations/${held.code}/count`, { lines: counted, empty: false });
  await manager.post(`/api/counts/${count.id}/approve`, { locations: null });
  await ok(manager.send('PUT', '/api/settings/counts', { daily_plan: false, every_days: 30, daily_cap: 40, recount_over_units: 1 }));
  await manager.post('/api/counts/plan', {});

  // ---- People: one deactivated, one deleted, one whose password a manager changed.
  const deactivated: Person = { username: 'every.leaver', password: 'leaver-pass-1', role: 'worker' };
  const leaver = await manager.post<User>('/api/users', { ...deactivated, full_name: 'Pat Leaver' });
  await signIn(url, deactivated.username, deactivated.password);
  await ok(manager.send('PATCH', `/api/users/${leaver.id}/toggle-status`));
  const gone = await manager.post<User>('/api/users', { username: 'every.gone', password: 'gone-pass-1', role: 'executive1', full_name: 'Kim Gone' });
  await ok(manager.send('DELETE', `/api/users/${gone.id}`));
  const changed = people.find((p) => p.role === 'executive2')!;
  changed.password = 'changed-pass-1';
  const changedId = (await manager.get<{ users: User[] }>(`/api/users?search=${encodeURIComponent(changed.username)}`)).users[0]!.id;
  await ok(manager.send('PATCH', `/api/users/${changedId}/change-password`, { new_password: changed.password, confirm_password: changed.password }));
  instants.push(await instant());

  // Sessions left open: the manager's, the order clerk's and a picker's (the stock clerk's ended with the password
  // change).
  return {
    demo,
    people,
    deactivated,
    instants,
    locations: locations.map((l) => l.code).concat('RECEIVING'),
    openSessions: [manager, orders, picker],
  };
}

async function ok<T>(call: Promise<Answer<T>>): Promise<T> {
  const answer = await call;
  if (!answer.ok) throw new Error(`${answer.status} ${answer.message}`);
  return answer.data;
}

// Parcels sent back, for the tables of the returns reports: received against a verified order (a line restocked to
// its bin, one put into RETURNS to wait), and one received unmatched and matched later. Appended through the event
// store with their stock effects, as the returns bench's commands append them: the bench's commands take this over once
// the history can make returns through the API.
export async function appendReturns(db: Kysely<Database>, waitFor: (position: StreamPosition) => Promise<boolean>): Promise<void> {
  const lines = await db
    .selectFrom('rm_order_items as i')
    .innerJoin('rm_orders as o', 'o.id', 'i.order_id')
    .select(['i.id', 'i.order_id', 'o.order_number', 'i.sku', 'i.style_code', 'i.size', 'i.color', 'i.location'])
    .where('o.status', '=', 'verified')
    .where('i.location', 'is not', null)
    .orderBy('i.id')
    .limit(2)
    .execute();
  const [first, second = first] = lines;
  if (!first || !second) throw new Error('the history has no verified order picked from a location');
  const line = (n: number, l: typeof first, matched: boolean, reason: ReturnLine['reason'], grade: ReturnLine['grade']): ReturnLine => ({
    line: n, order_item_id: matched ? l.id : null, sku: l.sku, style_code: l.style_code, size: l.size, colour: l.color, quantity: 1, reason, reason_note: null, grade,
  });
  const at = () => new Date().toISOString();
  const meta = { actor_id: 1, actor_role: 'manager', correlation_id: 'every-kind-returns', causation_id: null, client_ip: null };
  const append = async (id: number, version: number, event: ReturnEvent, movements: StockMovement[] = []) => {
    const written = await appendToStreams(db, [{ streamId: returnStreamId(id), expectedVersion: version, events: [event] }], meta, {
      effects: movements.length > 0 ? (trx) => applyStockMovements(trx, movements) : null,
    });
    if (!(await waitFor(written!))) throw new Error('the returns were not projected');
  };
  const order = { order_id: first.order_id, order_number: first.order_number };
  const parcel = [line(1, first, true, 'too_small', 'A'), line(2, second, true, 'too_large', 'B')];
  await append(1, 0, { type: 'ReturnReceived', data: { return_id: 1, ...order, scanned: first.order_number, note: null, lines: parcel, at: at() } });
  const restocked = (l: ReturnLine, location: string): { event: ReturnEvent; movements: StockMovement[] } => {
    const movements = [{ sku: l.sku, style_code: l.style_code, location, delta: 1 }];
    return {
      event: { type: 'ReturnRestocked', data: { return_id: 1, order_id: first.order_id, line: l.line, sku: l.sku, style_code: l.style_code, quantity: 1, grade: l.grade, from_location: null, location, over_capacity: null, movements, at: at() } },
      movements,
    };
  };
  const toBin = restocked(parcel[0]!, first.location!);
  await append(1, 1, toBin.event, toBin.movements);
  const toReturns = restocked(parcel[1]!, RETURNS_LOCATION);
  await append(1, 2, toReturns.event, toReturns.movements);
  await append(2, 0, { type: 'ReturnReceived', data: { return_id: 2, order_id: null, order_number: null, scanned: null, note: 'No slip', lines: [line(1, first, false, 'changed_mind', 'A')], at: at() } });
  await append(2, 1, { type: 'ReturnMatched', data: { return_id: 2, ...order, lines: [line(1, first, true, 'not_as_pictured', 'A')], at: at() } });
}
