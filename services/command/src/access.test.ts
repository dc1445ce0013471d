import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@wh/contracts';
import { ADMIN_PASSWORD, startTestApp, type Client, type TestApp } from './testing.ts';

// Spec section 6, written out by hand so that a wrong permission table in contracts fails here.
// 'public': anyone; 'signed-in': any role; otherwise the roles allowed.
const EXPECTED: Record<string, 'public' | 'signed-in' | Role[]> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/live': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'signed-in',
  'GET /api/auth/me': 'signed-in',
  'GET /api/users': ['manager'],
  'POST /api/users': ['manager'],
  'GET /api/users/stats/overview': ['manager'],
  'GET /api/users/activity/login-summary': ['manager'],
  'GET /api/users/:id': ['manager'],
  'PUT /api/users/:id': ['manager'],
  'DELETE /api/users/:id': ['manager'],
  'PATCH /api/users/:id/toggle-status': ['manager'],
  'PATCH /api/users/:id/change-password': ['manager'],
  'PATCH /api/users/:id/restore': ['manager'],
  'GET /api/styles': 'signed-in',
  'GET /api/styles/:id': 'signed-in',
  'POST /api/styles': ['manager'],
  'PUT /api/styles/:id': ['manager'],
  'POST /api/styles/:id/barcodes': ['manager'],
  'DELETE /api/styles/:id/barcodes/:barcode': ['manager'],
  // Every role scans somewhere (picking, verification, moves).
  'GET /api/skus/lookup': 'signed-in',
  'POST /api/files/upload/shopify-inventory': ['manager'],
  'GET /api/locations': 'signed-in',
  'POST /api/locations': ['manager'],
  'POST /api/locations/range': ['manager'],
  'PATCH /api/locations/:code': ['manager'],
  'GET /api/locations/bins': 'signed-in',
  'GET /api/locations/racks': 'signed-in',
  'GET /api/stock-approval/locations': ['manager', 'executive2'],
  'POST /api/inventory/suggest-location': 'signed-in',
  'POST /api/stock-approval/suggest-location': ['manager', 'executive2'],
  'GET /api/inventory/search': 'signed-in',
  'GET /api/inventory/available-items': 'signed-in',
  'GET /api/inventory/status': 'signed-in',
  'GET /api/inventory/count-flags': 'signed-in',
  'POST /api/inventory/adjust': ['manager'],
  'GET /api/inventory/adjustments/recent': ['manager'],
  'GET /api/inventory/adjustments/summary': ['manager'],
  // Every role moves stock: by scanning on a phone (Move Stock), or on the Inventory screen.
  'POST /api/inventory/move': ['manager', 'executive1', 'executive2', 'worker'],
  'GET /api/returns/lookup': ['manager', 'executive1', 'executive2', 'worker'],
  'GET /api/returns': ['manager', 'executive1', 'executive2', 'worker'],
  'GET /api/returns/:id': ['manager', 'executive1', 'executive2', 'worker'],
  'POST /api/returns': ['manager', 'executive1', 'executive2', 'worker'],
  'POST /api/returns/:id/match': ['manager', 'executive1', 'executive2', 'worker'],
  'POST /api/returns/:id/lines/:line/restock': ['manager', 'executive1', 'executive2', 'worker'],
  'POST /api/returns/:id/lines/:line/write-off': ['manager'],
  // Every role counts on a phone; a manager creates, assigns, approves and sends back.
  'GET /api/counts/mine': ['manager', 'executive1', 'executive2', 'worker'],
  'POST /api/counts/:id/locations/:location/count': ['manager', 'executive1', 'executive2', 'worker'],
  'GET /api/counts': ['manager'],
  'GET /api/counts/:id': ['manager'],
  'POST /api/counts': ['manager'],
  'POST /api/counts/plan': ['manager'],
  'POST /api/counts/:id/assign': ['manager'],
  'POST /api/counts/:id/approve': ['manager'],
  'POST /api/counts/:id/send-back': ['manager'],
  'GET /api/settings/counts': ['manager'],
  'PUT /api/settings/counts': ['manager'],
  'GET /api/locations/:code/stock': 'signed-in',
  'GET /api/inventory/ledger': 'signed-in',
  'GET /api/inventory/as-of': 'signed-in',
  'POST /api/files/upload/shopify-stock': ['manager', 'executive1', 'executive2'],
  'POST /api/files/upload/manual-stock': ['manager', 'executive2'],
  'POST /api/files/upload/bin-allocation': ['manager'],
  'GET /api/stock-approval/receipts': ['manager', 'executive2'],
  'POST /api/stock-approval/receipts/:id/approve': ['manager', 'executive2'],
  'POST /api/stock-approval/receipts/:id/reject': ['manager', 'executive2'],
  'POST /api/stock-approval/receipts/bulk-approve': ['manager', 'executive2'],
  'GET /api/stock-approval/available-skus': ['manager', 'executive2'],
  'POST /api/stock-approval/manual-approve': ['manager', 'executive2'],
  'GET /api/stock-approval/recent': ['manager', 'executive2'],
  'POST /api/files/upload/orders': ['manager', 'executive1'],
  // Everyone reads orders: executive2 for verification, a worker only their own (checked per order).
  'GET /api/orders': ['manager', 'executive1', 'executive2', 'worker'],
  'GET /api/orders/export': ['manager', 'executive1'],
  'GET /api/reports/daily-summary': 'signed-in',
  'GET /api/reports/inventory-status': ['manager', 'executive2'],
  'GET /api/reports/order-analytics': ['manager'],
  'GET /api/reports/worker-productivity': ['manager'],
  'GET /api/reports/returns': ['manager'],
  'GET /api/reports/returns-processing': ['manager'],
  'GET /api/reports/count-accuracy': ['manager'],
  'GET /api/reports/count-accuracy/export': ['manager'],
  'GET /api/reports/export': ['manager'],
  'GET /api/audit/events': ['manager'],
  'GET /api/audit/events/export': ['manager'],
  'GET /api/settings/picking': 'signed-in',
  'PUT /api/settings/picking': ['manager'],
  'GET /api/orders/workers': ['manager', 'executive1'],
  'GET /api/orders/:id': ['manager', 'executive1', 'executive2', 'worker'],
  'GET /api/orders/:id/history': ['manager', 'executive1', 'executive2', 'worker'],
  'POST /api/orders/:id/assign-worker': ['manager', 'executive1'],
  'POST /api/orders/bulk-assign': ['manager', 'executive1'],
  'POST /api/orders/:id/deassign-worker': ['manager', 'executive1'],
  'POST /api/orders/:id/cancel': ['manager', 'executive1'],
  'POST /api/orders/:id/items/:itemId/pick': ['manager', 'worker'],
  'POST /api/orders/:id/items/:itemId/short': ['manager', 'worker'],
  'POST /api/orders/:id/items/:itemId/undo': ['manager', 'worker'],
  'POST /api/orders/:id/complete': ['manager', 'worker'],
  'POST /api/orders/:id/verify': ['manager', 'executive2'],
  'POST /api/orders/:id/send-back': ['manager', 'executive2'],
  'POST /api/orders/:id/resolve': ['manager', 'executive2'],
  'POST /api/batches': ['manager', 'executive1'],
  'GET /api/batches': ['manager', 'executive1', 'executive2', 'worker'],
  'GET /api/batches/:id': ['manager', 'executive1', 'executive2', 'worker'],
  'POST /api/batches/:id/complete': ['manager', 'worker'],
};

let t: TestApp;
const sessions = {} as Record<Role, Client>;
const credentials = {} as Record<Role, [string, string]>;

beforeAll(async () => {
  t = await startTestApp();
  sessions.manager = await t.asAdmin();
  credentials.manager = ['admin', ADMIN_PASSWORD];
  for (const role of ROLES.filter((r) => r !== 'manager')) {
    const user = await t.userWithRole(role);
    sessions[role] = user;
    credentials[role] = [user.username, 'password1'];
  }
});
afterAll(() => t.stop());

const apiRoutes = () =>
  t.app.accessTable.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));

// An id that exists nowhere, so an allowed call answers 404 or 400 instead of changing anything.
const concrete = (url: string) => url.replace(':id', '999999').replace(':itemId', '999999');

describe('access matrix', () => {
  it('every API route is in the expected table, and every expected route exists', () => {
    const actual = apiRoutes().map((r) => `${r.method} ${r.url}`).sort();
    expect(actual).toEqual(Object.keys(EXPECTED).sort());
  });

  it('each route declares the access the spec gives it', () => {
    for (const route of apiRoutes()) {
      const expected = EXPECTED[`${route.method} ${route.url}`];
      if (expected === 'public' || expected === 'signed-in') expect(route.access, route.url).toBe(expected);
    }
  });

  const cases = Object.entries(EXPECTED).flatMap(([key, expected]) => [
    ...ROLES.map((role) => ({ key, role: role as Role | 'anonymous', expected })),
    { key, role: 'anonymous' as const, expected },
  ]);

  it.each(cases)('$key as $role', async ({ key, role, expected }) => {
    const [method, url] = key.split(' ') as [string, string];
    if (url === '/api/live') return; // a WebSocket: covered by the live gateway tests (auth by first message)
    let caller: Client;
    if (role === 'anonymous') caller = t.anonymous;
    // Signing out would end the shared session: that call gets a session of its own.
    else if (key === 'POST /api/auth/logout') caller = await t.login(...credentials[role]);
    else caller = sessions[role];
    const res = await send(caller, method, concrete(url));
    const allowed =
      expected === 'public' || (expected === 'signed-in' ? role !== 'anonymous' : role !== 'anonymous' && expected.includes(role));
    if (allowed) {
      expect([401, 403], `${key} as ${role}: ${JSON.stringify(res.body)}`).not.toContain(res.status);
    } else if (role === 'anonymous') {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Authentication required');
    } else {
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
  });
});

function send(c: Client, method: string, url: string) {
  switch (method) {
    case 'GET':
      return c.get(url);
    case 'POST':
      return c.post(url, {});
    case 'PUT':
      return c.put(url, {});
    case 'PATCH':
      return c.patch(url, {});
    case 'DELETE':
      return c.delete(url);
    default:
      throw new Error(`no way to send ${method}`);
  }
}
