import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBodySchema, loginResponseSchema, successEnvelope, userSchema } from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import { requireAuth, sessionLimits } from '../../platform/auth.ts';
import { rateLimited, unauthenticated } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { runForRequest } from '../../platform/command.ts';
import { dummyHash, hashToken, newToken, verifyPassword } from '../../platform/passwords.ts';
import { INVALID_CREDENTIALS, type UserCommand } from './decide.ts';
import { findUserOrThrow, userAfterCommand } from './queries.ts';
import { runUserCommand } from './commands.ts';
import { countSignInAttempt, signInSucceeded, waitText } from './sign-in-limits.ts';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limits = { perUsername: ctx.config.LOGIN_RATE_LIMIT, perAddress: ctx.config.LOGIN_ADDRESS_RATE_LIMIT };
  // Seconds until a session unused from now on ends: the idle time, or the lifetime when that is shorter.
  const { idleMs, maxAgeMs } = sessionLimits(ctx.config);
  const expiresIn = Math.floor(Math.min(idleMs, maxAgeMs) / 1000);

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], security: [], body: loginBodySchema, response: { 200: successEnvelope(loginResponseSchema) } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      // Per address and username, so one person mistyping does not lock out the whole floor behind one NAT;
      // per address as well, so guessing across many usernames from one place stops too.
      const attempt = { address: request.ip, username: username.toLowerCase() };
      const waitMs = await countSignInAttempt(ctx.db, attempt, limits, ctx.now());
      if (waitMs !== null) {
        reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
        throw rateLimited(`Too many sign-in attempts. Please wait ${waitText(waitMs)} and try again.`);
      }
      const found = await ctx.db
        .selectFrom('user_registry as u')
        .leftJoin('credentials as c', 'c.user_id', 'u.id')
        .select(['u.id', 'c.password_hash'])
        .where((eb) => eb(eb.fn('lower', ['u.username']), '=', username.toLowerCase()))
        .executeTakeFirst();
      // Unknown usernames cost the same hashing time as wrong passwords.
      const valid = await verifyPassword(found?.password_hash ?? (await dummyHash()), password);
      if (!found || !found.password_hash || !valid) throw unauthenticated(INVALID_CREDENTIALS);

      const token = newToken();
      const sessionId = randomUUID();
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
      const { result, extra } = await runForRequest(
        ctx,
        request,
        runUserCommand,
        {
          userId: found.id,
          command: { type: 'SignIn', session_id: sessionId, ip: request.ip ?? null, user_agent: userAgent },
          extras: { session: { id: sessionId, tokenHash: hashToken(token), ip: request.ip ?? null, userAgent } },
        },
        // The one signing in is the actor, not the (absent) session.
        { metadata: (m) => ({ ...m, actor_id: found.id }), settled: () => signInSucceeded(ctx.db, attempt) },
      );
      const state = result.state;
      if (state.status === 'absent') throw unauthenticated(INVALID_CREDENTIALS);
      return ok(
        { token, user: await userAfterCommand(ctx.db, state, extra.projected), expires_in: expiresIn },
        { message: 'Login successful', ...extra },
      );
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'signed-in' }, schema: { tags: ['auth'], response: { 200: successEnvelope(z.null()) } } },
    async (request) => {
      const auth = requireAuth(request);
      const command: UserCommand = { type: 'SignOut', session_id: auth.sessionId, reason: 'logout' };
      const { extra } = await runForRequest(ctx, request, runUserCommand, { userId: auth.user.id, command }, { settled: () => app.live.closeSession(auth.sessionId) });
      return ok(null, { message: 'Logged out successfully', ...extra });
    },
  );

  app.get(
    '/api/auth/me',
    { config: { access: 'signed-in' }, schema: { tags: ['auth'], response: { 200: successEnvelope(userSchema) } } },
    async (request) => ok(await findUserOrThrow(ctx.db, requireAuth(request).user.id)),
  );
};
