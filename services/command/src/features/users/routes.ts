import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBodySchema,
  createUserBodySchema,
  idParamsSchema,
  listUsersQuerySchema,
  loginSummaryQuerySchema,
  loginSummarySchema,
  successEnvelope,
  updateUserBodySchema,
  userDetailsSchema,
  userListSchema,
  userSchema,
  userStatsSchema,
} from '@wh/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/app-context.ts';
import { requireAuth } from '../../platform/auth.ts';
import { ok } from '../../platform/http.ts';
import { answerCommand } from '../../platform/command.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { notFound } from '../../platform/errors.ts';
import { listUsers, loginSummary, userAfterCommand, userDetails, userStats } from './queries.ts';
import { runUserCommand, type UserResult } from './commands.ts';
import type { UserCommand } from './decide.ts';

const access = 'users:manage' as const;
const userEnvelope = successEnvelope(userSchema);
const emptyEnvelope = successEnvelope(z.null());

export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Signed-out sessions lose their live sockets at once, before the answer waits for the read models.
  const settled = (result: UserResult) => {
    for (const e of result.events) if (e.type === 'UserSignedOut') app.live.closeSession(e.data.session_id);
  };

  // The user as the screens will read it (read your writes).
  const withUser = (message: string | ((result: UserResult) => string)) => ({
    message,
    settled,
    data: (result: UserResult, projected: boolean | undefined) => {
      if (result.state.status === 'absent') throw notFound('User not found');
      return userAfterCommand(ctx.db, result.state, projected);
    },
  });
  const withoutData = (message: string) => ({ message, settled, data: () => null });

  app.get(
    '/api/users',
    { config: { access }, schema: { tags: ['users'], querystring: listUsersQuerySchema, response: { 200: successEnvelope(userListSchema) } } },
    async (request) => ok(await listUsers(await ctx.reader(request), request.query)),
  );

  app.post(
    '/api/users',
    { config: { access }, schema: { tags: ['users'], body: createUserBodySchema, response: { 201: userEnvelope } } },
    async (request, reply) => {
      const body = request.body;
      const passwordHash = await hashPassword(body.password);
      const { rows } = await sql<{ id: string }>`select nextval('user_id_seq') as id`.execute(ctx.db);
      const userId = Number(rows[0]!.id);
      const answer = await answerCommand(ctx, request, runUserCommand, {
        userId,
        command: {
          type: 'CreateUser',
          data: {
            user_id: userId,
            username: body.username,
            email: body.email ?? null,
            full_name: body.full_name ?? null,
            role: body.role,
            is_active: body.is_active,
          },
        },
        extras: { passwordHash },
      }, withUser('User created successfully'));
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/api/users/stats/overview',
    { config: { access }, schema: { tags: ['users'], response: { 200: successEnvelope(userStatsSchema) } } },
    async (request) => ok(await userStats(await ctx.reader(request))),
  );

  app.get(
    '/api/users/activity/login-summary',
    { config: { access }, schema: { tags: ['users'], querystring: loginSummaryQuerySchema, response: { 200: successEnvelope(loginSummarySchema) } } },
    async (request) => ok(await loginSummary(await ctx.reader(request), request.query, ctx.now(), ctx.config.WAREHOUSE_TIMEZONE)),
  );

  app.get(
    '/api/users/:id',
    { config: { access }, schema: { tags: ['users'], params: idParamsSchema, response: { 200: successEnvelope(userDetailsSchema) } } },
    async (request) => ok(await userDetails(await ctx.reader(request), request.params.id, ctx.now())),
  );

  app.put(
    '/api/users/:id',
    { config: { access }, schema: { tags: ['users'], params: idParamsSchema, body: updateUserBodySchema, response: { 200: userEnvelope } } },
    async (request) => {
      const auth = requireAuth(request);
      const body = request.body;
      return answerCommand(ctx, request, runUserCommand, {
        userId: request.params.id,
        command: {
          type: 'UpdateUser',
          actor_id: auth.user.id,
          data: {
            ...(body.username !== undefined ? { username: body.username } : {}),
            ...(body.email !== undefined ? { email: body.email } : {}),
            ...(body.full_name !== undefined ? { full_name: body.full_name } : {}),
            ...(body.role !== undefined ? { role: body.role } : {}),
            ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
          },
        },
      }, withUser('User updated successfully'));
    },
  );

  app.delete(
    '/api/users/:id',
    { config: { access }, schema: { tags: ['users'], params: idParamsSchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      const auth = requireAuth(request);
      const command: UserCommand = { type: 'DeleteUser', actor_id: auth.user.id };
      return answerCommand(ctx, request, runUserCommand, { userId: request.params.id, command }, withoutData('User deleted successfully'));
    },
  );

  app.patch(
    '/api/users/:id/toggle-status',
    { config: { access }, schema: { tags: ['users'], params: idParamsSchema, response: { 200: userEnvelope } } },
    async (request) => {
      const auth = requireAuth(request);
      const command: UserCommand = { type: 'ToggleUserStatus', actor_id: auth.user.id };
      return answerCommand(
        ctx,
        request,
        runUserCommand,
        { userId: request.params.id, command },
        withUser((r) => (r.state.status === 'active' ? 'User activated successfully' : 'User deactivated successfully')),
      );
    },
  );

  app.patch(
    '/api/users/:id/change-password',
    { config: { access }, schema: { tags: ['users'], params: idParamsSchema, body: changePasswordBodySchema, response: { 200: emptyEnvelope } } },
    async (request) => {
      const auth = requireAuth(request);
      const passwordHash = await hashPassword(request.body.password);
      const command: UserCommand = { type: 'ChangePassword', actor_session_id: auth.sessionId };
      return answerCommand(ctx, request, runUserCommand, { userId: request.params.id, command, extras: { passwordHash } }, withoutData('Password changed successfully'));
    },
  );

  app.patch(
    '/api/users/:id/restore',
    { config: { access }, schema: { tags: ['users'], params: idParamsSchema, response: { 200: userEnvelope } } },
    async (request) => {
      return answerCommand(ctx, request, runUserCommand, { userId: request.params.id, command: { type: 'RestoreUser' } }, withUser('User restored successfully'));
    },
  );
};
