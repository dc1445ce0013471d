import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import type { Database } from '@wh/db';
import {
  canSeeWireTopic,
  decodeTopic,
  TOPIC_EVERYTHING,
  LIVE_AUTH_TIMEOUT_MS,
  LIVE_CLOSE_UNAUTHORIZED,
  LIVE_CLOSE_SERVICE_RESTART,
  LIVE_CLOSE_POLICY,
  LIVE_CLOSE_TOO_MANY,
  type LiveServerMessage,
} from '@wh/contracts';
import { lookupSession, type AuthContext, type ExpireSession, type SessionCache, type SessionLimits, type SessionLookup } from './auth.ts';
import type { ProjectionWatcher } from './projection-watcher.ts';
import { rateLimited } from './errors.ts';

// WebSocket close code 1013 (Try Again Later): the browser reconnects with its usual back-off.
const CLOSE_TRY_AGAIN_LATER = 1013;
const RESTART_REASON = 'Service restarting: reconnect';

interface Client {
  socket: WebSocket;
  // The first auth message's token: a socket authenticates once, and a second auth message closes it.
  token: string | null;
  auth: AuthContext | null;
}

export interface LiveOptions {
  db: Kysely<Database>;
  watcher: ProjectionWatcher;
  limits: SessionLimits;
  now: () => Date;
  expireSession: ExpireSession;
  sessionCache?: SessionCache;
  // Open sockets per user and per client address; one past either is closed with LIVE_CLOSE_TOO_MANY.
  perUser: number;
  perAddress: number;
  heartbeatMs?: number;
}

const HEARTBEAT = JSON.stringify({ type: 'heartbeat' } satisfies LiveServerMessage);

// /api/live: the browser authenticates with its first message, then hears which topics changed,
// filtered to what its user may see. A socket whose session ends is closed with 4401.
export async function liveGateway(app: FastifyInstance, options: LiveOptions): Promise<void> {
  const clients = new Set<Client>();
  const byAddress = new Map<string, number>();
  const byUser = new Map<number, number>();
  const byToken = new Map<string, number>();
  const tooManyForUser = `Too many live connections for this user (at most ${options.perUser})`;
  const countIn = <K>(map: Map<K, number>, key: K, delta: number) => {
    const n = (map.get(key) ?? 0) + delta;
    if (n > 0) map.set(key, n);
    else map.delete(key);
    return n;
  };

  const send = (client: Client, message: LiveServerMessage | string) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  };

  // An expired session is recorded as the HTTP check records it; if recording fails the socket is refused all the
  // same, and the session is recorded when its token is next used. Sockets asking about one token at once share one
  // look-up (a user's tabs reconnecting together, a heartbeat's check of each session), read from the session cache
  // the HTTP routes use.
  const inFlight = new Map<string, Promise<SessionLookup>>();
  const lookup = (token: string): Promise<SessionLookup> => {
    let pending = inFlight.get(token);
    if (!pending) {
      pending = (async () => {
        const found = await lookupSession(options.db, token, options.now(), options.limits, options.sessionCache);
        if (found.status === 'expired') await options.expireSession(found.sessionId, found.userId, found.rule).catch(() => {});
        return found;
      })().finally(() => inFlight.delete(token));
      inFlight.set(token, pending);
    }
    return pending;
  };

  // Each session checked once, one after another: thousands of sockets do not take every pooled connection at once.
  const revalidate = async (targets: Iterable<Client>) => {
    const bySession = new Map<string, Client[]>();
    for (const client of targets) {
      if (!client.token || !client.auth) continue;
      const group = bySession.get(client.token);
      if (group) group.push(client);
      else bySession.set(client.token, [client]);
    }
    for (const [token, group] of bySession) {
      const found = await lookup(token).catch(() => null);
      for (const client of group) {
        if (found && found.status !== 'valid') client.socket.close(LIVE_CLOSE_UNAUTHORIZED, 'Session ended');
        else if (found?.status === 'valid') client.auth = found.auth;
      }
    }
  };

  const unsubscribe = options.watcher.onChange((notice, readAfter) => {
    const touchedUsers = new Set(notice.topics.map(decodeTopic).flatMap((t) => (t?.kind === 'user' ? [t.id] : [])));
    const everything = notice.topics.includes(TOPIC_EVERYTHING);
    const recheck: Client[] = [];
    // One text per distinct list of topics a user may see.
    const texts = new Map<string, string>();
    for (const client of clients) {
      if (!client.auth) continue;
      if (touchedUsers.has(client.auth.user.id) || everything) recheck.push(client);
      const user = client.auth.user;
      const topics = everything ? [TOPIC_EVERYTHING] : notice.topics.filter((t) => canSeeWireTopic(user, t));
      if (topics.length === 0) continue;
      const key = topics.join('\n');
      let text = texts.get(key);
      if (text === undefined) {
        text = JSON.stringify({ type: 'changed', topics, position: notice.pos, ...(readAfter ? { read_after: readAfter } : {}) } satisfies LiveServerMessage);
        texts.set(key, text);
      }
      send(client, text);
    }
    if (recheck.length > 0) void revalidate(recheck);
  });

  const heartbeat = setInterval(() => {
    for (const client of clients) if (client.auth) send(client, HEARTBEAT);
    void revalidate(clients);
  }, options.heartbeatMs ?? 25_000);

  // The sockets are closed by then (restart): the server's close waits for them.
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
  });

  // Set once this instance closes its listener (a drain: server.ts close).
  let restarting = false;

  app.decorate('live', {
    // Closes every socket with 1012 Service Restart as the listener closes: the browser reconnects at once, through the
    // proxy, which finds only the other instances listening.
    restart() {
      restarting = true;
      for (const client of clients) client.socket.close(LIVE_CLOSE_SERVICE_RESTART, RESTART_REASON);
    },
    closeSession(sessionId: string) {
      for (const client of clients) {
        if (client.auth?.sessionId === sessionId) client.socket.close(LIVE_CLOSE_UNAUTHORIZED, 'Signed out');
      }
    },
    count: () => clients.size,
  });

  // A connection is counted against its address from its upgrade request until its TCP connection closes, and one
  // past the cap is refused before the WebSocket handshake (429): a burst of thousands of connections costs an HTTP
  // answer each, not an upgrade and a close.
  const countAddress = async (request: FastifyRequest) => {
    const address = request.ip;
    countIn(byAddress, address, 1);
    request.raw.socket.once('close', () => countIn(byAddress, address, -1));
    if ((byAddress.get(address) ?? 0) > options.perAddress) {
      throw rateLimited(`Too many live connections from this address (at most ${options.perAddress})`);
    }
  };

  app.get('/api/live', { websocket: true, config: { access: 'public' }, schema: { hide: true }, onRequest: countAddress }, (socket) => {
    // An upgrade on a connection still open as the listener closed: sent elsewhere like the others.
    if (restarting) {
      socket.close(LIVE_CLOSE_SERVICE_RESTART, RESTART_REASON);
      return;
    }
    const client: Client = { socket, token: null, auth: null };
    clients.add(client);
    const timeout = setTimeout(() => {
      if (!client.auth) socket.close(LIVE_CLOSE_UNAUTHORIZED, 'Authentication required');
    }, LIVE_AUTH_TIMEOUT_MS);
    socket.on('close', () => {
      clearTimeout(timeout);
      clients.delete(client);
      if (client.auth) countIn(byUser, client.auth.user.id, -1);
      if (client.token !== null) countIn(byToken, client.token, -1);
    });
    socket.on('message', async (raw) => {
      // Messages already received when the socket began to close are not read.
      if (socket.readyState !== socket.OPEN) return;
      let message: { type?: unknown; token?: unknown };
      try {
        message = JSON.parse(raw.toString());
      } catch {
        socket.close(LIVE_CLOSE_UNAUTHORIZED, 'Bad message');
        return;
      }
      if (message.type === 'ping') return send(client, { type: 'pong' });
      if (message.type !== 'auth' || typeof message.token !== 'string') {
        if (!client.auth) socket.close(LIVE_CLOSE_UNAUTHORIZED, 'Authentication required');
        return;
      }
      if (client.token !== null) {
        socket.close(LIVE_CLOSE_POLICY, 'One authentication per connection');
        return;
      }
      client.token = message.token;
      // Sockets sending one token are one user's: past the per-user cap they are refused before any look-up. Those
      // that wait on one look-up all resume when it answers, in one turn of the event loop, so the cap also bounds
      // that turn.
      if (countIn(byToken, client.token, 1) > options.perUser) {
        socket.close(LIVE_CLOSE_TOO_MANY, tooManyForUser);
        return;
      }
      let found: SessionLookup;
      try {
        found = await lookup(message.token);
      } catch {
        // The database is unreachable, so the token is unknown, not invalid: 4401 would sign the browser out.
        socket.close(CLOSE_TRY_AGAIN_LATER, 'Service temporarily unavailable');
        return;
      }
      if (socket.readyState !== socket.OPEN) return;
      if (found.status !== 'valid') {
        socket.close(LIVE_CLOSE_UNAUTHORIZED, 'Token expired or invalid');
        return;
      }
      clearTimeout(timeout);
      const userId = found.auth.user.id;
      if (countIn(byUser, userId, 1) > options.perUser) {
        countIn(byUser, userId, -1);
        socket.close(LIVE_CLOSE_TOO_MANY, tooManyForUser);
        return;
      }
      client.auth = found.auth;
      send(client, { type: 'ready', user_id: userId });
    });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    live: { restart(): void; closeSession(sessionId: string): void; count(): number };
  }
}
