import type { Role } from '../auth/permissions.ts';
import { can } from '../auth/permissions.ts';

// Client <-> /api/live messages.
export type LiveClientMessage = { type: 'auth'; token: string } | { type: 'ping' };
export type LiveServerMessage =
  | { type: 'ready'; user_id: number }
  // read_after: with a read replica, the primary's WAL position once the change was projected (see READ_AFTER_HEADER).
  | { type: 'changed'; topics: string[]; position: string; read_after?: string }
  | { type: 'pong' }
  | { type: 'heartbeat' };

export const LIVE_CLOSE_UNAUTHORIZED = 4401;
export const LIVE_CLOSE_SIGNED_OUT = 4403;
// WebSocket "Service Restart": this instance is stopping (a rolling restart); the browser reconnects at once, and the
// proxy sends it to another instance.
export const LIVE_CLOSE_SERVICE_RESTART = 1012;
export const LIVE_AUTH_TIMEOUT_MS = 5000;
// A socket that breaks the protocol (a second auth message): closed, and the browser reconnects with its back-off.
export const LIVE_CLOSE_POLICY = 1008;
// More open sockets for one user, or from one address, than the service keeps: closed, and the browser reconnects
// with its back-off (a tab closed meanwhile frees a place).
export const LIVE_CLOSE_TOO_MANY = 4429;

// The topic that means everything may have changed (a rebuild, or a batch whose topics do not fit a notice): every
// open screen reads again and every server-side cache starts afresh. Everyone hears it.
export const TOPIC_EVERYTHING = '*';
// The projector's health (a projection failing, stopped or rejoining): System Status reads /api/ready again, and each
// command instance reads which projections are stopped (read your writes).
export const TOPIC_SYSTEM = 'system';

// Topics a read-model change announces: 'users', 'user:7', 'orders', 'order:42', 'worker:7', 'inventory', ...
export function canSeeTopic(user: { id: number; role: Role }, topic: string): boolean {
  const [kind, id] = topic.split(':');
  switch (kind) {
    case 'users':
    case 'user':
      return can(user.role, 'users:manage') || (kind === 'user' && Number(id) === user.id);
    case 'worker':
      return Number(id) === user.id || can(user.role, 'orders:manage');
    case 'orders':
    case 'order':
    case 'batches':
    case 'batch':
      // A worker hears about their own orders and batches only, through 'worker:<id>'.
      return can(user.role, 'orders:manage') || can(user.role, 'orders:verify');
    // 'system': the projector's health (a projection failing, or recovering); everyone's dashboard shows System Status.
    // 'settings': the warehouse settings, which pickers follow.
    case 'system':
    case 'inventory':
    case 'styles':
    case 'locations':
    case 'dashboard':
    case 'settings':
      return true;
    case 'receipts':
      return can(user.role, 'stock:approve');
    case 'reports':
      return can(user.role, 'reports:view');
    default:
      return user.role === 'manager';
  }
}
