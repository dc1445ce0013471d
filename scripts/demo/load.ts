import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type {
  BulkApproveResult,
  CatalogueUploadResult,
  Location,
  LocationRangeResult,
  Order,
  OrderList,
  OrderSummary,
  OrderStatus,
  OrderUploadResult,
  Receipt,
  ReceiptList,
  Role,
  Style,
  StyleList,
  User,
  UserList,
} from '@wh/contracts';
import { fixture, fixturePath } from '../../test/fixtures.ts';
import { signIn, type Api } from './client.ts';
import { BATCH, FILES, LAYOUT, LEFT_PENDING_STYLES, ORDERS, PUT_AWAY_FILL, USERS, type DemoUserKey, type OrderTarget } from './plan.ts';

// Loads the demo warehouse (plan.ts) into a running app through its HTTP API, acting as the people who would do
// each thing. Every step first reads what is there and adds only what is missing, so a second run adds nothing
// and a run cut short can be run again.

export interface DemoOptions {
  url: string;
  // A manager's sign-in: the built-in administrator unless told otherwise.
  username: string;
  password: string;
  log?: (line: string) => void;
}

export interface DemoUserReport {
  username: string;
  full_name: string;
  role: Role;
  // Set when this run created the user or gave it a new password; null when left as it was.
  password: string | null;
}

export interface DemoReport {
  url: string;
  // Nothing was added: the demo data was there already.
  alreadyLoaded: boolean;
  steps: string[];
  users: DemoUserReport[];
}

interface Manifest {
  'styles/shopify-products.csv': { style_codes: string[] };
  orders: { order_number: string }[];
}

const ORDER_RANK: Record<OrderStatus, number> = { pending: 0, assigned: 1, picking: 2, picked: 2, completed: 3, on_hold: 3, verified: 4, cancelled: 5 };
const TARGET_RANK: Record<OrderTarget['state'], number> = { pending: 0, assigned: 1, picking: 2, completed: 3, verified: 4, cancelled: 5 };

const newPassword = () => randomBytes(9).toString('base64url');
const byCode = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

export async function loadDemo(options: DemoOptions): Promise<DemoReport> {
  const log = options.log ?? (() => {});
  const url = options.url.replace(/\/+$/, '');
  const admin = await signIn(url, options.username, options.password);
  const steps: string[] = [];
  let added = 0;
  const step = (line: string, made: number) => {
    added += made;
    steps.push(line);
    log(line);
  };

  // ---- People: one or more of each role. Passwords are made here and shown once.
  const known = new Map((await admin.get<UserList>('/api/users?search=demo.&include_deleted=true&limit=200')).users.map((u) => [u.username, u]));
  const users = new Map<DemoUserKey, { user: User; password: string | null }>();
  for (const [key, wanted] of Object.entries(USERS) as [DemoUserKey, (typeof USERS)[DemoUserKey]][]) {
    const existing = known.get(wanted.username);
    if (existing) {
      users.set(key, { user: existing, password: null });
      continue;
    }
    const password = newPassword();
    const user = await admin.post<User>('/api/users', { ...wanted, password });
    users.set(key, { user, password });
  }
  const createdUsers = [...users.values()].filter((u) => u.password !== null).length;
  step(`Users: ${createdUsers} created, ${users.size - createdUsers} already there`, createdUsers);

  const sessions = new Map<DemoUserKey, Api>();
  const idOf = (key: DemoUserKey) => users.get(key)!.user.id;
  const as = async (key: DemoUserKey): Promise<Api> => {
    const open = sessions.get(key);
    if (open) return open;
    const entry = users.get(key)!;
    if (entry.password === null) {
      // A user made by an earlier run: its password was shown then and is not kept, so the loader sets a new one.
      entry.password = newPassword();
      await admin.send('PATCH', `/api/users/${entry.user.id}/change-password`, { new_password: entry.password, confirm_password: entry.password });
    }
    const api = await signIn(url, entry.user.username, entry.password);
    sessions.set(key, api);
    return api;
  };

  try {
    // ---- Layout: the warehouse's bins and racks come first (Settings). A range whose ends exist is there already.
    const present = new Set((await admin.get<{ locations: Location[] }>('/api/locations?include_inactive=true')).locations.map((l) => l.code));
    let createdLocations = 0;
    for (const range of LAYOUT.filter((r) => !present.has(r.from) || !present.has(r.to))) {
      createdLocations += (await (await as('manager')).post<LocationRangeResult>('/api/locations/range', range)).created.length;
    }
    step(`Layout: ${createdLocations} locations created, ${present.size - (present.has('RECEIVING') ? 1 : 0)} already there`, createdLocations);

    // ---- Catalogue: the online shop's product export.
    const manifest = JSON.parse(readFileSync(fixturePath('manifest.json'), 'utf8')) as Manifest;
    const catalogueCodes = manifest[FILES.catalogue].style_codes;
    let styles = await allStyles(admin);
    if (catalogueCodes.some((code) => !styles.has(code))) {
      const result = (await (await as('manager')).upload<CatalogueUploadResult>('/api/files/upload/shopify-inventory', basename(FILES.catalogue), fixture(FILES.catalogue))).data;
      step(`Catalogue: ${result.new_styles} styles created (${result.new_variants} variants), ${result.existing_styles} already there`, result.new_styles);
      styles = await allStyles(admin);
    } else {
      step(`Catalogue: all ${catalogueCodes.length} styles already there`, 0);
    }

    // ---- Stock: the online shop's stock and a manual stock sheet arrive as receipts, approved into locations.
    const receipts: Receipt[] = [];
    for (const file of [FILES.onlineStock, FILES.manualStock]) {
      const name = basename(file);
      let recorded = await receiptsOf(admin, name);
      if (recorded.length === 0) {
        const route = file === FILES.onlineStock ? 'shopify-stock' : 'manual-stock';
        const answer = await (await as('stock')).upload(`/api/files/upload/${route}`, name, fixture(file));
        // 409: the app has this file already (recorded under another name, or by someone else).
        if (!answer.ok && answer.status !== 409) throw new Error(`Upload of ${name}: ${answer.status} ${answer.message}`);
        recorded = await receiptsOf(admin, name);
        step(`Stock receipts from ${name}: ${recorded.length} recorded`, recorded.length);
      } else {
        step(`Stock receipts from ${name}: ${recorded.length} already there`, 0);
      }
      receipts.push(...recorded);
    }
    const locations = (await admin.get<{ locations: Location[] }>('/api/locations')).locations;
    let approved = 0;
    for (const [location, ids] of putAway(receipts, styles, locations)) {
      const result = await (await as('stock')).post<BulkApproveResult>('/api/stock-approval/receipts/bulk-approve', {
        receipt_ids: ids,
        ...(location ? { location } : {}),
        notes: 'Put away on delivery',
      });
      approved += result.approved;
    }
    const waiting = receipts.filter((r) => r.status === 'pending').length - approved;
    step(`Stock approval: ${approved} receipts approved into locations, ${waiting} left waiting for approval`, approved);

    // ---- Orders: the day's order sheet, then each order taken to where the plan says.
    let orders = await allOrders(admin);
    const missing = manifest.orders.filter((o) => !orders.has(o.order_number));
    if (missing.length > 0) {
      const result = (await (await as('orders')).upload<OrderUploadResult>('/api/files/upload/orders', basename(FILES.orders), fixture(FILES.orders))).data;
      step(`Orders: ${result.total_orders} imported (${result.total_items} items), ${result.skipped_existing_orders} already there`, result.total_orders);
      orders = await allOrders(admin);
    } else {
      step(`Orders: all ${manifest.orders.length} already there`, 0);
    }
    let moved = 0;
    for (const [number, target] of Object.entries(ORDERS)) {
      const order = orders.get(number);
      if (order && (await advance(order, target, { as, idOf }))) moved++;
    }
    step(`Order progress: ${moved} orders assigned, picked, completed, verified or cancelled by this run`, moved);
    // The batch is made once, while its orders are all still pending (a rerun finds them assigned and adds nothing).
    const batched = BATCH.orders.map((n) => orders.get(n));
    if (batched.every((o) => o?.status === 'pending')) {
      await (await as('orders')).post('/api/batches', { order_ids: batched.map((o) => o!.id), worker_id: idOf(BATCH.picker) });
      step(`Batch: ${BATCH.orders.join(', ')} assigned to ${USERS[BATCH.picker].username} as one batch`, 1);
    }
  } finally {
    for (const api of sessions.values()) await api.signOut();
    await admin.signOut();
  }

  return {
    url,
    alreadyLoaded: added === 0,
    steps,
    users: (Object.keys(USERS) as DemoUserKey[]).map((key) => ({ ...USERS[key], password: users.get(key)!.password })),
  };
}

async function allStyles(api: Api): Promise<Map<string, Style>> {
  return new Map(await pages(api, '/api/styles', (page: StyleList) => page.styles, (s) => [s.style_code, s]));
}

async function allOrders(api: Api): Promise<Map<string, OrderSummary>> {
  return new Map(await pages(api, '/api/orders', (page: OrderList) => page.orders, (o) => [o.order_number, o]));
}

async function receiptsOf(api: Api, filename: string): Promise<Receipt[]> {
  const query = `status=all&search=${encodeURIComponent(filename)}`;
  return (await pages(api, `/api/stock-approval/receipts?${query}`, (page: ReceiptList) => page.receipts, (r) => [r.id, r])).map(([, r]) => r);
}

async function pages<P extends { pagination: { total_pages: number } }, T, K>(
  api: Api,
  path: string,
  rows: (page: P) => T[],
  entry: (row: T) => [K, T],
): Promise<[K, T][]> {
  const all: [K, T][] = [];
  const separator = path.includes('?') ? '&' : '?';
  for (let page = 1; ; page++) {
    const answer = await api.get<P>(`${path}${separator}limit=100&page=${page}`);
    all.push(...rows(answer).map(entry));
    if (page >= answer.pagination.total_pages) return all;
  }
}

// Where each receipt goes, decided from all the receipts of the files (approved or not), so every run decides
// the same: jeans on jean racks, free-size goods (bags) on racks, the rest in bins; each style starts a location of
// its own, and a location takes units up to PUT_AWAY_FILL of its capacity. Answers the pending receipts to approve,
// grouped by location (undefined: RECEIVING, when the layout runs out).
export function putAway(receipts: readonly Receipt[], styles: ReadonlyMap<string, Style>, locations: readonly Location[]): Map<string | undefined, number[]> {
  const slots = {
    jean_rack: locations.filter((l) => l.location_type === 'jean_rack'),
    rack: locations.filter((l) => l.location_type === 'rack'),
    bin: locations.filter((l) => l.location_type === 'bin'),
  };
  for (const list of Object.values(slots)) list.sort((a, b) => byCode(a.code, b.code));
  const next = { jean_rack: 0, rack: 0, bin: 0 };
  const plan = new Map<string | undefined, number[]>();
  let current: { style: string; code: string | undefined; room: number } | null = null;
  const placed = receipts
    .filter((r) => r.status !== 'rejected' && !LEFT_PENDING_STYLES.includes(r.style_code))
    .sort((a, b) => byCode(a.style_code, b.style_code) || byCode(a.sku, b.sku) || a.id - b.id);
  for (const receipt of placed) {
    const style = styles.get(receipt.style_code);
    const kind = style?.is_jeans ? 'jean_rack' : style && style.sizes.every((s) => s === 'Free Size') ? 'rack' : 'bin';
    if (!current || current.style !== receipt.style_code || (current.code !== undefined && current.room < receipt.quantity)) {
      const location = slots[kind][next[kind]++];
      const room = location?.capacity ? Math.floor(location.capacity * PUT_AWAY_FILL) : Infinity;
      current = { style: receipt.style_code, code: location?.code, room };
    }
    current.room -= receipt.quantity;
    if (receipt.status !== 'pending') continue;
    const ids = plan.get(current.code) ?? [];
    ids.push(receipt.id);
    plan.set(current.code, ids);
  }
  return plan;
}

// Takes one order as far as its target, acting as the people who would; an order already there (or past it, or
// moved elsewhere by someone) is left alone. Answers whether it moved the order.
interface People {
  as(key: DemoUserKey): Promise<Api>;
  idOf(key: DemoUserKey): number;
}

async function advance(order: OrderSummary, target: OrderTarget, { as, idOf }: People): Promise<boolean> {
  if (target.state === 'pending' || order.status === 'cancelled' || ORDER_RANK[order.status] >= TARGET_RANK[target.state]) return false;
  const clerk = await as('orders');
  // A list carries no items: the order's own answer does (a demo order has far fewer than a page).
  let current = await clerk.get<Order>(`/api/orders/${order.id}`);
  if (current.status === 'pending' && target.picker) {
    current = await clerk.post<Order>(`/api/orders/${current.id}/assign-worker`, { worker_id: idOf(target.picker) });
  }
  if (target.state === 'cancelled') {
    await clerk.post<Order>(`/api/orders/${current.id}/cancel`);
    return true;
  }
  if (target.state === 'assigned') return true;
  const picker = await as(target.picker);
  const toPick = target.state === 'picking' ? Math.max(0, target.picked - current.picked_items) : Infinity;
  for (const item of current.items.filter((i) => i.status === 'pending').slice(0, toPick)) {
    current = await picker.post<Order>(`/api/orders/${current.id}/items/${item.id}/pick`, item.location ? { location: item.location } : {});
  }
  if (target.state === 'picking') return true;
  if (current.status !== 'completed') current = await picker.post<Order>(`/api/orders/${current.id}/complete`);
  if (target.state === 'completed') return true;
  const verifier = await as('stock');
  const discrepancy = target.discrepancy;
  const item = discrepancy ? current.items[discrepancy.item] : undefined;
  current = await verifier.post<Order>(`/api/orders/${current.id}/verify`, {
    verification_notes: target.notes,
    discrepancies: discrepancy && item ? [{ item_id: item.id, issue: discrepancy.issue, resolution: discrepancy.resolution }] : [],
  });
  // A discrepancy holds the order: resolved at the bench, every unit shipped, it is verified.
  if (current.hold && discrepancy) {
    const lines = current.hold.lines.map((l) => ({ item_id: l.item_id, shipped: l.counted }));
    await verifier.post<Order>(`/api/orders/${current.id}/resolve`, { lines, reason: discrepancy.resolution });
  }
  return true;
}
