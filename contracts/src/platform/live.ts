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

// What a read-model change announces, and who may hear it: one kind per read model a screen follows, some per record.
// The projections announce them, the socket gateway filters them (canSeeTopic), the web maps them to its queries. On
// the wire (NOTIFY read_models, the socket's `changed`) a topic is its kind, or `kind:id` ('order:42'), or `*`.
export type LiveTopic =
  // Everything may have changed (a rebuild, or a batch whose topics do not fit a notice): every open screen reads
  // again and every server-side cache starts afresh. Everyone hears it.
  | { kind: 'everything' }
  // The projector's health (a projection failing, stopped or rejoining): System Status reads /api/ready again, and
  // each command instance reads which projections are stopped (read your writes).
  | { kind: 'system' }
  | { kind: 'users' }
  | { kind: 'user'; id: number }
  | { kind: 'orders' }
  | { kind: 'order'; id: number }
  // A worker's own orders and batches.
  | { kind: 'worker'; id: number }
  | { kind: 'batches' }
  | { kind: 'batch'; id: number }
  | { kind: 'inventory' }
  | { kind: 'styles' }
  | { kind: 'locations' }
  | { kind: 'receipts' }
  | { kind: 'dashboard' }
  | { kind: 'reports' }
  // The returns bench: its parcels, the unmatched and waiting lists.
  | { kind: 'returns' }
  // Cycle counts: the tasks, their locations and the counters' lists.
  | { kind: 'counts' }
  // The warehouse settings, which pickers follow.
  | { kind: 'settings' };

export type LiveTopicKind = LiveTopic['kind'];

// Whether a kind names one record (`kind:id`) or a whole read model: the decoder's table, complete by its type.
const TOPIC_SHAPE = {
  everything: 'all',
  system: 'all',
  users: 'all',
  user: 'one',
  orders: 'all',
  order: 'one',
  worker: 'one',
  batches: 'all',
  batch: 'one',
  inventory: 'all',
  styles: 'all',
  locations: 'all',
  receipts: 'all',
  dashboard: 'all',
  reports: 'all',
  returns: 'all',
  counts: 'all',
  settings: 'all',
} as const satisfies Record<LiveTopicKind, 'all' | 'one'>;


// The wire form of `everything`.
export const TOPIC_EVERYTHING = '*';
export const TOPIC_SYSTEM = encodeTopic({ kind: 'system' });

export function encodeTopic(topic: LiveTopic): string {
  if (topic.kind === 'everything') return TOPIC_EVERYTHING;
  return 'id' in topic ? `${topic.kind}:${topic.id}` : topic.kind;
}

type Shape = typeof TOPIC_SHAPE;
type WholeKind = { [K in LiveTopicKind]: Shape[K] extends 'all' ? K : never }[LiveTopicKind];
type RecordKind = Exclude<LiveTopicKind, WholeKind>;
const SHAPES: ReadonlyMap<string, 'all' | 'one'> = new Map(Object.entries(TOPIC_SHAPE));
const isKind = (kind: string): kind is LiveTopicKind => SHAPES.has(kind);
const isWhole = (kind: string): kind is WholeKind => SHAPES.get(kind) === 'all';
const isRecord = (kind: string): kind is RecordKind => SHAPES.get(kind) === 'one';

export const LIVE_TOPIC_KINDS: readonly LiveTopicKind[] = Object.keys(TOPIC_SHAPE).filter(isKind);

// The topic a wire string names; undefined for one this build does not know (a newer server's, during a rolling
// deploy), which the caller treats as widely as it can afford.
export function decodeTopic(wire: string): LiveTopic | undefined {
  if (wire === TOPIC_EVERYTHING) return { kind: 'everything' };
  const colon = wire.indexOf(':');
  if (colon < 0) return isWhole(wire) && wire !== 'everything' ? { kind: wire } : undefined;
  const kind = wire.slice(0, colon);
  const digits = wire.slice(colon + 1);
  const id = Number(digits);
  return isRecord(kind) && Number.isSafeInteger(id) && String(id) === digits ? { kind, id } : undefined;
}

// The topics a batch announces, once each, in their wire form.
export class TopicSet implements Iterable<string> {
  readonly #wire = new Set<string>();

  add(topic: LiveTopic): this {
    this.#wire.add(encodeTopic(topic));
    return this;
  }

  // Topics already on the wire (another TopicSet's, a notice's).
  addWire(wire: Iterable<string>): this {
    for (const t of wire) this.#wire.add(t);
    return this;
  }

  get size(): number {
    return this.#wire.size;
  }

  [Symbol.iterator](): Iterator<string> {
    return this.#wire.values();
  }
}

export function canSeeTopic(user: { id: number; role: Role }, topic: LiveTopic): boolean {
  switch (topic.kind) {
    case 'users':
      return can(user.role, 'users:manage');
    case 'user':
      return can(user.role, 'users:manage') || topic.id === user.id;
    case 'worker':
      return topic.id === user.id || can(user.role, 'orders:manage');
    case 'orders':
    case 'order':
    case 'batches':
    case 'batch':
      // A worker hears about their own orders and batches only, through 'worker:<id>'.
      return can(user.role, 'orders:manage') || can(user.role, 'orders:verify');
    case 'everything':
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
    case 'returns':
      return can(user.role, 'returns:receive');
    case 'counts':
      return can(user.role, 'counts:count');
    default: {
      const exhaustive: never = topic;
      throw new Error(`unknown live topic ${JSON.stringify(exhaustive)}`);
    }
  }
}

// A wire topic as the gateway filters it: one this build does not know reaches managers only.
export function canSeeWireTopic(user: { id: number; role: Role }, wire: string): boolean {
  const topic = decodeTopic(wire);
  return topic ? canSeeTopic(user, topic) : user.role === 'manager';
}
