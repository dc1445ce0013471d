import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ADMIN_USER_ID, ADMIN_USERNAME } from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import { checkAdminPassword } from '../../platform/config.ts';
import { DomainError } from '../../platform/errors.ts';
import { systemMetadata } from '../../platform/http.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { runUserCommand } from './commands.ts';

export interface AdminBootstrap {
  created: boolean;
  // Set only when this start generated the password: it is printed once and never stored in clear.
  generatedPassword: string | null;
  passwordReset: boolean;
}

// User 1, `admin`, manager: created on first start. ADMIN_PASSWORD, when set, is the password from then on.
export async function ensureAdmin(ctx: AppContext, adminPassword: string | undefined, raced = false): Promise<AdminBootstrap> {
  // The rule every password is set by: one the sign-in would refuse never becomes the administrator's.
  if (adminPassword !== undefined) checkAdminPassword(adminPassword);
  const existing = await ctx.db
    .selectFrom('user_registry as u')
    .leftJoin('credentials as c', 'c.user_id', 'u.id')
    .select(['u.id', 'c.password_hash'])
    .where('u.id', '=', ADMIN_USER_ID)
    .executeTakeFirst();
  if (existing) {
    if (adminPassword && !(existing.password_hash && (await verifyPassword(existing.password_hash, adminPassword)))) {
      const extras = { passwordHash: await hashPassword(adminPassword) };
      await runUserCommand(ctx, { userId: ADMIN_USER_ID, command: { type: 'ChangePassword', actor_session_id: null }, extras }, systemMetadata('admin-password-from-env'));
      return { created: false, generatedPassword: null, passwordReset: true };
    }
    return { created: false, generatedPassword: null, passwordReset: false };
  }
  const password = adminPassword ?? randomBytes(9).toString('base64url');
  try {
    await runUserCommand(
      ctx,
      {
        userId: ADMIN_USER_ID,
        command: {
          type: 'CreateUser',
          data: { user_id: ADMIN_USER_ID, username: ADMIN_USERNAME, email: null, full_name: 'Administrator', role: 'manager', is_active: true },
        },
        extras: { passwordHash: await hashPassword(password) },
      },
      systemMetadata('bootstrap'),
    );
  } catch (error) {
    // Another instance starting at the same moment (docker compose starts the replicas together) created it first:
    // from here on it is the existing administrator.
    if (error instanceof DomainError && error.status === 409 && !raced) return ensureAdmin(ctx, adminPassword, true);
    throw error;
  }
  // Later users never take id 1.
  await sql`select setval('user_id_seq', greatest(${ADMIN_USER_ID}, (select max(id) from user_registry)))`.execute(ctx.db);
  return { created: true, generatedPassword: adminPassword ? null : password, passwordReset: false };
}
