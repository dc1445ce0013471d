import { can, type Permission, type Role } from './permissions.ts';

// Web routes (spec section 2, route table) and the permission each needs.
export const WEB_ROUTES = {
  '/dashboard': 'dashboard:view',
  '/orders': 'orders:manage',
  '/stock-entry': 'stock:entry',
  '/stock-approval': 'stock:approve',
  '/order-verification': 'orders:verify',
  '/picking': 'orders:pick',
  '/styles': 'styles:manage',
  '/users': 'users:manage',
  '/reports': 'reports:view',
  '/settings': 'settings:manage',
  '/inventory': 'inventory:view',
  '/move-stock': 'stock:move',
  // The returns bench (not in the spec): a desktop for executive 2 and the manager, a phone for anyone signed in.
  '/returns': 'returns:receive',
  // Cycle counts (not in the spec): a phone for every counter; a manager also creates, approves and sends back there.
  '/counts': 'counts:count',
} as const satisfies Record<string, Permission>;
export type WebRoute = keyof typeof WEB_ROUTES;

// Print views: pages of their own, outside the app's layout, for the browser's print. The server still decides per
// record (a worker reads only their own orders).
export const PRINT_ROUTES = {
  '/print/labels': 'settings:manage',
  '/print/orders/:id/pick-list': 'orders:view',
  '/print/batches/:id/pick-list': 'orders:view',
  // A blind count sheet: location codes to write on, no quantities.
  '/print/counts/:id/sheet': 'counts:manage',
} as const satisfies Record<string, Permission>;
export type PrintRoute = keyof typeof PRINT_ROUTES;

// Navigation targets the spec names that are panels of a screen, not screens of their own.
export const ROUTE_ALIASES: Record<string, string> = {
  '/orders/upload': '/orders?panel=upload',
  '/styles/upload': '/styles?tab=upload',
  '/inventory/search': '/inventory?tab=search',
  '/order-picking': '/picking',
};

export const HOME_ROUTE: Record<Role, WebRoute> = {
  manager: '/dashboard',
  executive1: '/orders',
  executive2: '/stock-entry',
  worker: '/picking',
};

export function homeRouteOf(role: string): string {
  return role in HOME_ROUTE ? HOME_ROUTE[role as Role] : '/dashboard';
}

export function canOpen(role: Role, route: WebRoute): boolean {
  return can(role, WEB_ROUTES[route]);
}

export interface NavItem {
  label: string;
  to: WebRoute;
}

// The phone screens for cycle counts, returns and moving stock by scanning (not in the spec): last in every role's
// navigation.
const COUNTS_ITEM: NavItem = { label: 'Cycle Counts', to: '/counts' };
const RETURNS_ITEM: NavItem = { label: 'Returns', to: '/returns' };
const MOVE_STOCK_LABEL = 'Move Stock';

// Side navigation per role, labels word for word from the spec (Cycle Counts, Returns and Move Stock added).
export const NAVIGATION: Record<Role, readonly NavItem[]> = {
  manager: [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Style Management', to: '/styles' },
    { label: 'Inventory', to: '/inventory' },
    { label: 'Orders', to: '/orders' },
    { label: 'Stock Approval', to: '/stock-approval' },
    { label: 'Order Verification', to: '/order-verification' },
    { label: 'Reports', to: '/reports' },
    { label: 'User Management', to: '/users' },
    { label: 'Settings', to: '/settings' },
    COUNTS_ITEM,
    RETURNS_ITEM,
    { label: MOVE_STOCK_LABEL, to: '/move-stock' },
  ],
  executive1: [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Order Processing', to: '/orders' },
    { label: 'View Inventory', to: '/inventory' },
    COUNTS_ITEM,
    RETURNS_ITEM,
    { label: MOVE_STOCK_LABEL, to: '/move-stock' },
  ],
  executive2: [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Stock Entry', to: '/stock-entry' },
    { label: 'Stock Approval', to: '/stock-approval' },
    { label: 'Order Verification', to: '/order-verification' },
    { label: 'Inventory Management', to: '/inventory' },
    COUNTS_ITEM,
    RETURNS_ITEM,
    { label: MOVE_STOCK_LABEL, to: '/move-stock' },
  ],
  worker: [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Order Picking', to: '/picking' },
    COUNTS_ITEM,
    RETURNS_ITEM,
    { label: MOVE_STOCK_LABEL, to: '/move-stock' },
  ],
};
