import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { preparedOnce, type Database } from '@wh/db';
import { can, DEFAULT_PERMISSION_DENIED, isRole, MAX_PUBLIC_BODY_BYTES, PERMISSION_DENIED, type Access, type Role } from '@wh/contracts';
import type { Config } from './config.ts';
import { forbidden, unauthenticated } from './errors.ts';
import { hashToken } from './passwords.ts';

export interface SessionUser {
  id: number;
  username: string;
  role: Role;
}

export interface AuthContext {
  sessionId: string;
  user: SessionUser;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    // Every route with the access it declared: the source of the access-matrix test and of the docs.
    accessTable: RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

// Which rule ended a session: unused for the idle time, or older than the lifetime however much it was used.
export type SessionExpiry = 'idle' | 'lifetime';

export type SessionLookup =
  | { status: 'valid'; auth: AuthContext }
  | { status: 'expired'; sessionId: string; userId: number; rule: SessionExpiry }
  | { status: 'invalid' };

export interface SessionLimits {
  idleMs: number;
  maxAgeMs: number;
}

export function sessionLimits(config: Pick<Config, 'SESSION_IDLE_HOURS' | 'SESSION_MAX_DAYS'>): SessionLimits {
  return { idleMs: config.SESSION_IDLE_HOURS * 3600_000, maxAgeMs: config.SESSION_MAX_DAYS * 86_400_000 };
}

const TOUCH_EVERY_MS = 60_000;

interface SessionRow {
  id: string;
  user_id: number;
  created_at: Date;
  last_seen_at: Date;
  username: string;
  role: string;
  status: string;
}

// Every API request looked its session up: one statement (a socket write and a wake-up of a backend) of the
// eight to thirteen a command cost. A session row is reused for at most MAX_AGE_MS of this process's monotonic
// clock. Nothing that ends a session or changes a user waits that long: every user command in this process
// clears the cache before it answers (logout, deactivation, role change, deletion), and a `users` or `*` notice
// from the projector (a user command on another instance, a rebuild) clears it too, as does the notice listener's
// (re)connection (ProjectionWatcher.onStale). While the notice listener is down, nothing is cached. The idle and
// lifetime rules are applied to every request, to a cached row as to a fresh one.
export class SessionCache {
  static readonly MAX_AGE_MS = 1000;
  private entries = new Map<string, { row: SessionRow; at: number }>();

  // Whether changes made by other instances reach this one (the watcher's LISTEN connection is up).
  constructor(private readonly hearsChanges: () => boolean = () => true) {}

  get(key: string): SessionRow | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (!this.hearsChanges() || performance.now() - hit.at > SessionCache.MAX_AGE_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.row;
  }

  set(key: string, row: SessionRow): void {
    if (!this.hearsChanges()) return;
    // Bounded: a flood of distinct tokens cannot grow it past this; entries are short-lived anyway.
    if (this.entries.size >= 10_000) this.entries.clear();
    this.entries.set(key, { row, at: performance.now() });
  }

  // Users as commands name them (an assign's worker: role and status), under the same rules and clears as the
  // sessions: every user command here and every `users` or `*` notice empties both, so a row is at most a second old
  // and never older than the last change this process heard of. Nothing locks the user row between any read of it
  // and an assign's append anyway: the window is the notice's delay.
  getUser<T extends object>(id: number): T | undefined {
    const hit = this.users.get(id);
    if (!hit) return undefined;
    if (!this.hearsChanges() || performance.now() - hit.at > SessionCache.MAX_AGE_MS) {
      this.users.delete(id);
      return undefined;
    }
    return hit.row as T;
  }

  setUser(id: number, row: object): void {
    if (!this.hearsChanges()) return;
    if (this.users.size >= 10_000) this.users.clear();
    this.users.set(id, { row, at: performance.now() });
  }

  private users = new Map<number, { row: object; at: number }>();

  clear(): void {
    this.entries.clear();
    this.users.clear();
  }
}

// A session is valid while it is open, its user active, it was used within the idle window and it is younger
// than the lifetime.
export async function lookupSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
  limits: SessionLimits,
  cache?: SessionCache,
): Promise<SessionLookup> {
  const key = hashToken(token);
  let row = cache?.get(key.toString('hex'));
  if (!row) {
    const compiled = preparedOnce('auth.session', [key], () =>
      db
        .selectFrom('sessions as s')
        .innerJoin('user_registry as u', 'u.id', 's.user_id')
        .select(['s.id', 's.user_id', 's.created_at', 's.last_seen_at', 'u.username', 'u.role', 'u.status'])
        .where('s.token_hash', '=', key)
        .where('s.ended_at', 'is', null)
        .compile(),
    );
    ({
      rows: [row],
    } = await db.executeQuery(compiled));
    // Only sessions that are open and usable are cached: a refusal is always read afresh.
    if (row && row.status === 'active' && isRole(row.role)) cache?.set(key.toString('hex'), row);
  }
  if (!row || row.status !== 'active' || !isRole(row.role)) return { status: 'invalid' };
  const idle = now.getTime() - row.last_seen_at.getTime();
  const rule: SessionExpiry | null =
    now.getTime() - row.created_at.getTime() > limits.maxAgeMs ? 'lifetime' : idle > limits.idleMs ? 'idle' : null;
  if (rule) return { status: 'expired', sessionId: row.id, userId: row.user_id, rule };
  if (idle > TOUCH_EVERY_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
    row.last_seen_at = now;
  }
  return { status: 'valid', auth: { sessionId: row.id, user: { id: row.user_id, username: row.username, role: row.role } } };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

// Records the end of an expired session (an event), so its history shows why it ended.
export type ExpireSession = (sessionId: string, userId: number, rule: SessionExpiry) => Promise<void>;

export interface AuthOptions {
  db: Kysely<Database>;
  limits: SessionLimits;
  now: () => Date;
  sessionCache?: SessionCache;
  expireSession: ExpireSession;
}

export function deniedMessage(access: Access): string {
  return access === 'public' || access === 'signed-in' ? DEFAULT_PERMISSION_DENIED : (PERMISSION_DENIED[access] ?? DEFAULT_PERMISSION_DENIED);
}

// Every route states who may call it; a route that does not is refused at start-up, not left open.
export const authPlugin = fp<AuthOptions>(async (app: FastifyInstance, options) => {
  app.decorateRequest('auth', null);
  const table: RouteAccess[] = [];
  app.decorate('accessTable', table);
  app.addHook('onRoute', (route) => {
    // The web app's files and the API description are public; every other /api route must say who may call it.
    const publicByPlace = !route.url.startsWith('/api/') || route.url.startsWith('/api/docs');
    if (!route.config?.access && publicByPlace) route.config = { ...route.config, access: 'public' };
    const access = route.config?.access;
    if (!access) throw new Error(`route ${route.method} ${route.url} does not declare its access`);
    // What anyone may send is small: a route without a caller to check reads at most this much of a body.
    if (access === 'public') route.bodyLimit = Math.min(route.bodyLimit ?? MAX_PUBLIC_BODY_BYTES, MAX_PUBLIC_BODY_BYTES);
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthenticated('Authentication required');
    const found = await lookupSession(options.db, token, options.now(), options.limits, options.sessionCache);
    if (found.status === 'expired') await options.expireSession(found.sessionId, found.userId, found.rule);
    if (found.status !== 'valid') throw unauthenticated('Token expired or invalid');
    request.auth = found.auth;
    if (access !== 'signed-in' && !can(found.auth.user.role, access)) throw forbidden(deniedMessage(access));
  });
});

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

// Who runs a command: the signed-in user, with the role the decision checks.
export interface Actor {
  id: number;
  role: Role;
}

export function actorOf(request: FastifyRequest): Actor {
  const { user } = requireAuth(request);
  return { id: user.id, role: user.role };
}
