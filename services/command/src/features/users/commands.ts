import type { Transaction } from 'kysely';
import type { Database } from '@wh/db';
import { userStreamId, type UserEvent } from '@wh/contracts';
import type { AppContext } from '../../platform/app-context.ts';
import type { SessionExpiry } from '../../platform/auth.ts';
import { onStream, runCommand, type CommandHandler, type StreamResult } from '../../platform/command.ts';
import { registerUserEvents } from '../../platform/registries.ts';
import { conflict } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/event-store.ts';
import { systemMetadata } from '../../platform/http.ts';
import { decideUser, type UserCommand } from './decide.ts';
import { userDecider, type UserState } from './user.ts';

export interface CommandSideExtras {
  passwordHash?: string;
  session?: { id: string; tokenHash: Buffer; ip: string | null; userAgent: string | null };
}

// What the events imply on the command side besides the registry (credentials, sessions), in the same transaction.
async function syncCommandSide(trx: Transaction<Database>, userId: number, events: readonly UserEvent[], extras: CommandSideExtras, now: Date): Promise<void> {
  try {
    await registerUserEvents(trx, events);
  } catch (error) {
    if (isUniqueViolation(error, 'user_registry_username')) throw conflict('Username already exists');
    throw error;
  }
  if (extras.passwordHash) {
    await trx
      .insertInto('credentials')
      .values({ user_id: userId, password_hash: extras.passwordHash, changed_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: extras.passwordHash!, changed_at: now }))
      .execute();
  }
  for (const event of events) {
    if (event.type === 'UserSignedIn' && extras.session) {
      await trx
        .insertInto('sessions')
        .values({
          id: extras.session.id,
          user_id: userId,
          token_hash: extras.session.tokenHash,
          created_at: now,
          last_seen_at: now,
          ip: extras.session.ip,
          user_agent: extras.session.userAgent,
        })
        .execute();
    }
    if (event.type === 'UserSignedOut') {
      await trx
        .updateTable('sessions')
        .set({ ended_at: now, end_reason: event.data.reason })
        .where('id', '=', event.data.session_id)
        .where('ended_at', 'is', null)
        .execute();
    }
  }
}

export type UserResult = StreamResult<UserState, UserEvent>;

export interface UserInput {
  userId: number;
  command: UserCommand;
  extras?: CommandSideExtras;
}

export const runUserCommand: CommandHandler<UserInput, UserResult> = async (ctx, { userId, command, extras = {} }, metadata) => {
  const now = ctx.now();
  try {
    return await runCommand(
      ctx.db,
      onStream({
        streamId: userStreamId(userId),
        decider: userDecider,
        decide: (state) => decideUser(command, state, now),
        appendWith: ({ events }) => ({ effects: (trx) => syncCommandSide(trx, userId, events, extras, now) }),
      }),
      metadata,
    );
  } finally {
    // A signed-out session, a deactivated or deleted user, a changed role: refused or re-read from the next
    // request on, not after the session cache's second (auth.ts). Cleared whatever the outcome: a failed commit
    // may still have committed.
    ctx.sessionCache.clear();
  }
};

// Both rules end a session as 'expired'; the event's causation says which (session-idle, session-lifetime).
export async function expireSession(ctx: AppContext, sessionId: string, userId: number, rule: SessionExpiry): Promise<void> {
  await runUserCommand(ctx, { userId, command: { type: 'SignOut', session_id: sessionId, reason: 'expired' } }, systemMetadata(`session-${rule}`));
  // A session the user's stream does not list as open (ended by an older rule) is closed here all the same.
  await ctx.db
    .updateTable('sessions')
    .set({ ended_at: ctx.now(), end_reason: 'expired' })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
  ctx.sessionCache.clear();
}
