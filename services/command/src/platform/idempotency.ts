import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@wh/db';
import { can, IDEMPOTENCY_KEY_HEADER, isRole, ROLE_PERMISSIONS, type Role } from '@wh/contracts';
import { badRequest, DomainError, forbidden } from './errors.ts';
import { uploadedPart } from './uploads.ts';

// Every state-changing call honours an Idempotency-Key header (DESIGN.md section 4): the same user and key within
// 24 hours get the first answer again and nothing is done twice; the same key with another request gets 422. The
// web app sends one key per user action and reuses it when it retries, so a retry after a lost answer (a dropped
// connection, a 503 while a commit was on its way) is safe.
//
// A replay is a request like any other: the route's access check has run with the caller's role as it is now
// (auth.ts), and the kept answer is shown only if that role holds every permission of the role the answer was made
// for. What an answer shows follows from the caller's role (a worker sees only their own orders), so a caller whose
// role lost a permission since (a manager demoted to worker) is refused, not shown what they could see then.

export const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;
// Longer than any request runs (the largest upload with its read-your-writes wait): a claim this old that never
// finished belongs to a request that died with its process.
export const ABANDONED_AFTER_MS = 5 * 60_000;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key must be 1 to 200 visible characters (letters, digits and punctuation).',
  otherRequest: 'This Idempotency-Key was already used for a different request. Use a new key for a new action.',
  recorded: 'This request was already recorded, so nothing was done again. Refresh to see it.',
  inProgress: 'This request is still being processed. Wait a moment, then check whether it was recorded before trying again.',
  roleChanged: 'Your role has changed since this request was made, so its answer is not shown again. Refresh to see what you may.',
} as const;

interface Claim {
  userId: number;
  key: string;
  requestId: string;
  role: Role;
}

// Whether a caller of role `now` may see an answer made for a caller of role `then`.
function maySeeAnswerOf(then: string, now: Role): boolean {
  return isRole(then) && ROLE_PERMISSIONS[then].every((permission) => can(now, permission));
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: Claim | null;
  }
}

type Outcome =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; response: string; role: string }
  | { kind: 'other-request' }
  | { kind: 'recorded' }
  | { kind: 'in-progress' };

// What makes two requests the same: route, path, query and body as validated (a file by its name and content).
async function requestHash(request: FastifyRequest): Promise<Buffer> {
  const part = request.isMultipart() ? await uploadedPart(request) : null;
  const content = part ? { filename: part.filename, sha256: createHash('sha256').update(part.buffer).digest('hex') } : request.body;
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.routeOptions.url, request.params, request.query, content ?? null]))
    .digest();
}

async function claim(db: Kysely<Database>, c: Claim, hash: Buffer, now: Date, sweptAway = false): Promise<Outcome> {
  const head = sql<string>`(select coalesce(max(global_position), 0) from events)`;
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({ user_id: c.userId, key: c.key, request_hash: hash, request_id: c.requestId, head_position: head, created_at: now, role: c.role })
    // A key older than the window is free again.
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'key'])
        .doUpdateSet({
          request_hash: hash,
          request_id: c.requestId,
          head_position: head,
          created_at: now,
          finished_at: null,
          status: null,
          response: null,
          role: c.role,
        })
        .where('idempotency_keys.created_at', '<', new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)),
    )
    .returning('request_id')
    .executeTakeFirst();
  if (claimed) return { kind: 'claimed' };

  const first = await db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', c.userId).where('key', '=', c.key).executeTakeFirst();
  // Swept between the two statements (past the window): free again, once.
  if (!first) return sweptAway ? { kind: 'in-progress' } : claim(db, c, hash, now, true);
  if (!first.request_hash.equals(hash)) return { kind: 'other-request' };
  if (first.status !== null && first.response !== null) return { kind: 'replay', status: first.status, response: first.response, role: first.role };
  // No answer kept: the first request is still running, or ended without one (a server error, a lost process).
  // If it appended anything it committed, answer or not, and must not run again.
  const committed = await db
    .selectFrom('events')
    .select('global_position')
    .where('global_position', '>', first.head_position)
    .where(sql<string>`metadata->>'correlation_id'`, '=', first.request_id)
    .limit(1)
    .executeTakeFirst();
  if (committed) return { kind: 'recorded' };
  const abandoned = first.finished_at !== null || now.getTime() - first.created_at.getTime() > ABANDONED_AFTER_MS;
  if (!abandoned) return { kind: 'in-progress' };
  const taken = await db
    .updateTable('idempotency_keys')
    .set({ request_id: c.requestId, head_position: head, created_at: now, finished_at: null, role: c.role })
    .where('user_id', '=', c.userId)
    .where('key', '=', c.key)
    .where('request_id', '=', first.request_id)
    .returning('request_id')
    .executeTakeFirst();
  return taken ? { kind: 'claimed' } : { kind: 'in-progress' };
}

export interface IdempotencyOptions {
  db: Kysely<Database>;
  now: () => Date;
}

export const idempotencyPlugin = fp<IdempotencyOptions>(async (app: FastifyInstance, { db, now }) => {
  app.decorateRequest('idempotency', null);

  // After authentication and validation: a refused or invalid request claims nothing (it is refused again alike).
  app.addHook('preHandler', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined) return;
    // Sign-in has no user yet to hold the key; a repeated sign-in opens one more session and changes nothing else.
    if (!request.auth) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw badRequest(IDEMPOTENCY_MESSAGES.badKey);
    const c: Claim = { userId: request.auth.user.id, key: header, requestId: request.id, role: request.auth.user.role };
    const outcome = await claim(db, c, await requestHash(request), now());
    switch (outcome.kind) {
      case 'claimed':
        request.idempotency = c;
        return;
      case 'replay':
        if (!maySeeAnswerOf(outcome.role, c.role)) throw forbidden(IDEMPOTENCY_MESSAGES.roleChanged);
        return reply.code(outcome.status).header('content-type', 'application/json; charset=utf-8').header('idempotent-replayed', 'true').send(outcome.response);
      case 'other-request':
        throw new DomainError('UNPROCESSABLE', 422, IDEMPOTENCY_MESSAGES.otherRequest);
      // Codes of their own: a client sending queued commands takes the first as done and asks again after the
      // second, where any other 409 is a refusal.
      case 'recorded':
        throw new DomainError('ALREADY_RECORDED', 409, IDEMPOTENCY_MESSAGES.recorded);
      case 'in-progress':
        throw new DomainError('IN_PROGRESS', 409, IDEMPOTENCY_MESSAGES.inProgress);
      default: {
        const exhaustive: never = outcome;
        return exhaustive;
      }
    }
  });

  // The answer is kept before it is sent, so a retry that arrives the moment it is read finds it.
  app.addHook('onSend', async (request, reply, payload) => {
    const c = request.idempotency;
    if (!c) return payload;
    request.idempotency = null;
    const answered = reply.statusCode < 500 && typeof payload === 'string';
    try {
      await db
        .updateTable('idempotency_keys')
        .set(answered ? { finished_at: now(), status: reply.statusCode, response: payload } : { finished_at: now() })
        .where('user_id', '=', c.userId)
        .where('key', '=', c.key)
        .where('request_id', '=', c.requestId)
        .execute();
    } catch (error) {
      // The answer still goes out; a retry then finds the claim unfinished and looks for the request's events.
      request.log.warn({ err: error }, 'idempotency key not finished');
    }
    return payload;
  });

  const sweep = setInterval(() => {
    db.deleteFrom('idempotency_keys')
      .where('created_at', '<', new Date(now().getTime() - IDEMPOTENCY_WINDOW_MS))
      .execute()
      .catch((error: unknown) => app.log.warn({ err: error }, 'idempotency keys not swept'));
  }, 3600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
});
