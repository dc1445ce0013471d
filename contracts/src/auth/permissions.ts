// The one permission table (spec section 6). Server routes, the web router and the sidebar all read it.
export const ROLES = ['manager', 'executive1', 'executive2', 'worker'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'dashboard:view',
  'inventory:view',
  'orders:manage',
  'orders:upload',
  'stock:entry',
  'stock:approve',
  'stock:approve-unknown-styles',
  'stock:upload-shopify-stock',
  'stock:upload-manual-stock',
  'stock:upload-bin-allocation',
  'orders:verify',
  'orders:pick',
  'styles:manage',
  'users:manage',
  'reports:view',
  'settings:manage',
  'inventory:adjust',
  'locations:manage',
  // Read orders: managers and executive1 all, executive2 for verification, a worker only their own.
  'orders:view',
  // Inventory status and low-stock alerts (reports, and the dashboard's Inventory Alerts): manager and executive2.
  'inventory:alerts',
  // The audit log of every event.
  'audit:view',
  // Move units of a SKU between locations (put-away included): every role, by scanning on a phone.
  'stock:move',
  // The returns bench: look up what was shipped, receive a parcel, match it, restock or put away its units.
  'returns:receive',
  // Write returned units off (never sold again): managers.
  'returns:write-off',
  // Count locations blind on a phone: every role.
  'counts:count',
  // Create, assign, approve and send back cycle counts, and choose their settings: managers.
  'counts:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

// What each permission is called on the screens (the dashboard's Your Account card): one name per permission, in
// words; a Record over the list, so a new permission without words is a type error.
export const PERMISSION_NAMES: Record<Permission, string> = {
  'dashboard:view': 'View dashboard',
  'inventory:view': 'View inventory',
  'orders:manage': 'Manage orders',
  'orders:upload': 'Upload orders',
  'stock:entry': 'Enter stock',
  'stock:approve': 'Approve stock',
  'stock:approve-unknown-styles': 'Approve stock of new styles',
  'stock:upload-shopify-stock': 'Upload online-shop stock',
  'stock:upload-manual-stock': 'Upload manual stock sheets',
  'stock:upload-bin-allocation': 'Upload bin allocation sheets',
  'orders:verify': 'Verify orders',
  'orders:pick': 'Pick orders',
  'styles:manage': 'Manage styles',
  'users:manage': 'Manage users',
  'reports:view': 'View reports',
  'settings:manage': 'Manage settings',
  'inventory:adjust': 'Adjust inventory',
  'locations:manage': 'Manage locations',
  'orders:view': 'View orders',
  'inventory:alerts': 'See inventory alerts',
  'audit:view': 'View the audit log',
  'stock:move': 'Move stock',
  'returns:receive': 'Receive and restock returns',
  'returns:write-off': 'Write off returned units',
  'counts:count': 'Count stock',
  'counts:manage': 'Manage cycle counts',
};

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** The permission in words; one this release does not know is shown as sent. */
export function permissionName(permission: string): string {
  return isPermission(permission) ? PERMISSION_NAMES[permission] : permission;
}

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  manager: PERMISSIONS,
  executive1: ['dashboard:view', 'inventory:view', 'orders:manage', 'orders:upload', 'stock:upload-shopify-stock', 'orders:view', 'stock:move', 'returns:receive', 'counts:count'],
  executive2: [
    'dashboard:view',
    'inventory:view',
    'stock:entry',
    'stock:approve',
    'stock:upload-shopify-stock',
    'stock:upload-manual-stock',
    'orders:verify',
    'orders:view',
    'inventory:alerts',
    'stock:move',
    'returns:receive',
    'counts:count',
  ],
  worker: ['dashboard:view', 'inventory:view', 'orders:pick', 'orders:view', 'stock:move', 'returns:receive', 'counts:count'],
};

export const ROLE_LABELS: Record<Role, string> = {
  manager: 'Manager',
  executive1: 'Executive 1',
  executive2: 'Executive 2',
  worker: 'Worker',
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  manager: 'Full access to every part of the warehouse',
  executive1: 'Order processing',
  executive2: 'Stock entry, stock approval and order verification',
  worker: 'Order picking',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function permissionsOf(role: Role): Permission[] {
  return [...ROLE_PERMISSIONS[role]];
}

// What a refused caller reads; the spec words the adjustment refusal.
export const PERMISSION_DENIED: Partial<Record<Permission, string>> = {
  'inventory:adjust': "You don't have permission to adjust inventory. Only managers can make inventory adjustments.",
  'users:manage': 'Only managers can manage users.',
  'styles:manage': 'Store Managers only',
  'locations:manage': 'Only managers can change the warehouse layout.',
  'returns:write-off': 'Only managers can write off returned units.',
};
export const DEFAULT_PERMISSION_DENIED = "You don't have permission to do this.";

// Who may call a route: anyone, any signed-in user, or holders of one permission.
export type Access = 'public' | 'signed-in' | Permission;
