import type { CreateLocationRangeBody, Role } from '@wh/contracts';

// What `npm run demo` puts into the app: a small warehouse on an ordinary day. The catalogue, the stock and the
// orders are the sample files of test/fixtures (what importing each yields is in their manifest.json).

// Two zones of bins (zone-aisle-shelf), regular racks for free-size goods (bags), jean racks by gender.
export const LAYOUT: readonly CreateLocationRangeBody[] = [
  { location_type: 'bin', from: 'A-1-1', to: 'A-4-4', capacity: 100 },
  { location_type: 'bin', from: 'B-1-1', to: 'B-4-4', capacity: 100 },
  { location_type: 'rack', from: 'R-1', to: 'R-4', capacity: 150 },
  { location_type: 'jean_rack', from: 'J-1', to: 'J-2', capacity: 200, gender: 'women' },
  { location_type: 'jean_rack', from: 'J-3', to: 'J-4', capacity: 200, gender: 'men' },
];

// Stock is put away so that no location is filled past this share of its capacity: room for the next delivery.
export const PUT_AWAY_FILL = 0.8;

export interface DemoUser {
  username: string;
  full_name: string;
  role: Role;
}

// One or more of each role; the loader acts as each of them, so the audit and the reports show who did what.
export const USERS = {
  manager: { username: 'demo.manager', full_name: 'Maria Lopez', role: 'manager' },
  orders: { username: 'demo.orders', full_name: 'Sam Patel', role: 'executive1' },
  stock: { username: 'demo.stock', full_name: 'Alex Kim', role: 'executive2' },
  picker1: { username: 'demo.picker1', full_name: 'Jo Smith', role: 'worker' },
  picker2: { username: 'demo.picker2', full_name: 'Lee Chen', role: 'worker' },
} as const satisfies Record<string, DemoUser>;
export type DemoUserKey = keyof typeof USERS;
export type PickerKey = 'picker1' | 'picker2';

export const FILES = {
  catalogue: 'styles/shopify-products.csv',
  onlineStock: 'stock/shopify-inventory.csv',
  manualStock: 'stock/manual-stock.xlsx',
  orders: 'orders/daily-orders.csv',
} as const;

// Receipts left waiting in Stock Approval: today's jeans delivery, and a style the catalogue lacks (only a manager
// may approve it, creating the style).
export const LEFT_PENDING_STYLES: readonly string[] = ['JN1015', 'NEW9001'];

// Where each of the day's orders ends up. `picked` is how many items a picking order has picked so far.
export type OrderTarget =
  | { state: 'pending' }
  | { state: 'assigned'; picker: PickerKey }
  | { state: 'picking'; picker: PickerKey; picked: number }
  | { state: 'completed'; picker: PickerKey }
  | { state: 'verified'; picker: PickerKey; notes: string; discrepancy?: { item: number; issue: string; resolution: string } }
  | { state: 'cancelled'; picker?: PickerKey };

export const ORDERS: Readonly<Record<string, OrderTarget>> = {
  '#10001': { state: 'verified', picker: 'picker1', notes: 'Packed and labelled' },
  '#10002': { state: 'cancelled' },
  '#10003': { state: 'verified', picker: 'picker2', notes: 'Checked against the invoice' },
  '#10004': { state: 'completed', picker: 'picker1' },
  '#10005': { state: 'pending' },
  '#10006': { state: 'verified', picker: 'picker2', notes: 'Packed', discrepancy: { item: 0, issue: 'Loose thread on the hem', resolution: 'Trimmed and packed' } },
  '#10007': { state: 'completed', picker: 'picker2' },
  '#10008': { state: 'pending' },
  '#10009': { state: 'completed', picker: 'picker1' },
  '#10010': { state: 'pending' },
  '#10011': { state: 'verified', picker: 'picker1', notes: 'Gift message added' },
  '#10012': { state: 'picking', picker: 'picker2', picked: 2 },
  '#10013': { state: 'picking', picker: 'picker1', picked: 1 },
  '#10014': { state: 'completed', picker: 'picker2' },
  '#10015': { state: 'assigned', picker: 'picker1' },
  '#10016': { state: 'picking', picker: 'picker2', picked: 2 },
  '#10017': { state: 'assigned', picker: 'picker2' },
  '#10018': { state: 'pending' },
  '#10019': { state: 'assigned', picker: 'picker1' },
  '#10020': { state: 'cancelled', picker: 'picker2' },
  '#10021': { state: 'pending' },
  '#10022': { state: 'pending' },
  '#10023': { state: 'pending' },
  '#10024': { state: 'pending' },
};

// A batch for picker1's cart: three small pending orders picked as one walk (the picking screen's combined list).
export const BATCH: { readonly orders: readonly string[]; readonly picker: PickerKey } = { orders: ['#10022', '#10023', '#10024'], picker: 'picker1' };
