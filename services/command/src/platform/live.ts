import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import type { Database } from '@wh/db';
import {
  canSeeTopic,
  TOPIC_EVERYTHING,
  LIVE_AUTH_TIMEOUT_MS,
  LIVE_CLOSE_UNAUTHORIZED,
  LIVE_CLOSE_SERVICE_RESTART,
  type LiveServerMessage,
} from '@wh/contracts';
import { lookupSession, type AuthContext, type ExpireSession, type SessionLimits, type SessionLookup } from './auth.ts';
import type { ProjectionWatcher } from './projection-watcher.ts';

// WebSocket close code 1013 (Try Again Later): the browser reconnects with its usual back-off.
const CLOSE_TRY_AGAIN_LATER = 1013;
const RESTART_REASON = 'Service restarting: reconnect';

interface Client {
  socket: WebSocket;
  token: string | null;
  auth: AuthContext | null;
}

export interface LiveOptions {
  db: Kysely<Database>;
  watcher: ProjectionWatcher;
  limits: SessionLimits;
  now: () => Date;
  expireSession: ExpireSession;
  heartbeatMs?: number;
}

// /api/live: the browser authenticates with its first message, then hears which topics changed,
// filtered to what its user may see. A socket whose session ends is closed with 4401.
export async function liveGateway(app: FastifyInstance, options: LiveOptions): Promise<void> {
  const clients = new Set<Client>();

  const send = (client: Client, message: LiveServerMessage) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
  };

  // An expired session is recorded as the HTTP check records it; if recording fails the socket is refused all the
  // same, and the session is recorded when its token is next used.
  const lookup = async (token: string): Promise<SessionLookup> => {
    const found = await lookupSession(options.db, token, options.now(), options.limits);
    if (found.status === 'expired') await options.expireSession(found.sessionId, found.userId, found.rule).catch(() => {});
    return found;
  };

  const revalidate = async (client: Client) => {
    if (!client.token) return;
    const found = await lookup(client.token).catch(() => null);
    if (found && found.status !== 'valid') client.socket.close(LIVE_CLOSE_UNAUTHORIZED, 'Session ended');
    else if (found?.status === 'valid') client.auth = found.auth;
  };

  const unsubscribe = options.watcher.onChange((notice, readAfter) => {
    const touchedUsers = new Set(notice.topics.filter((t) => t.startsWith('user:')).map((t) => Number(t.slice(5))));
    for (const client of clients) {
      if (!client.auth) continue;
      const everything = notice.topics.includes(TOPIC_EVERYTHING);
      if (touchedUsers.has(client.auth.user.id) || everything) void revalidate(client);
      const user = client.auth.user;
      const topics = everything ? [TOPIC_EVERYTHING] : notice.topics.filter((t) => canSeeTopic(user, t));
      if (topics.length > 0) send(client, { type: 'changed', topics, position: notice.pos, ...(readAfter ? { read_after: readAfter } : {}) });
    }
  });

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.auth) continue;
      send(client, { type: 'heartbeat' });
      void revalidate(client);
    }
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

  app.get('/api/live', { websocket: true, config: { access: 'public' }, schema: { hide: true } }, (socket) => {
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
    });
    socket.on('message', async (raw) => {
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
      let found: SessionLookup;
      try {
        found = await lookup(message.token);
      } catch {
        // The database is unreachable, so the token is unknown, not invalid: 4401 would sign the browser out.
        socket.close(CLOSE_TRY_AGAIN_LATER, 'Service temporarily unavailable');
        return;
      }
      if (found.status !== 'valid') {
        socket.close(LIVE_CLOSE_UNAUTHORIZED, 'Token expired or invalid');
        return;
      }
      clearTimeout(timeout);
      client.token = message.token;
      client.auth = found.auth;
      send(client, { type: 'ready', user_id: found.auth.user.id });
    });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    live: { restart(): void; closeSession(sessionId: string): void; count(): number };
  }
}
