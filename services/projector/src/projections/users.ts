import type { Transaction } from 'kysely';
import type { Database } from '@wh/db';
import type { UserEvent } from '@wh/contracts';
import type { Projection } from '../projection.ts';

const HANDLES: ReadonlySet<UserEvent['type']> = new Set([
  'UserCreated',
  'UserUpdated',
  'UserActivated',
  'UserDeactivated',
  'PasswordChanged',
  'UserDeleted',
  'UserRestored',
  'UserSignedIn',
  'UserSignedOut',
]);

// rm_users (list, stats, details) and rm_user_sessions (details, login summary).
export const usersProjection: Projection = {
  name: 'users',
  handles: HANDLES,
  async apply(trx, events, topics) {
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as UserEvent;
      topics.add({ kind: 'users' });
      topics.add({ kind: 'user', id: event.data.user_id });
      await applyUserEvent(trx, event);
    }
  },
};

async function applyUserEvent(trx: Transaction<Database>, event: UserEvent): Promise<void> {
  const id = event.data.user_id;
  const at = event.data.at;
  switch (event.type) {
    case 'UserCreated':
      await trx
        .insertInto('rm_users')
        .values({
          id,
          username: event.data.username,
          email: event.data.email,
          full_name: event.data.full_name,
          role: event.data.role,
          is_active: event.data.is_active,
          created_at: at,
          updated_at: at,
          last_login_at: null,
          deleted_at: null,
        })
        .execute();
      return;
    case 'UserUpdated':
      await trx
        .updateTable('rm_users')
        .set({
          username: event.data.username,
          email: event.data.email,
          full_name: event.data.full_name,
          role: event.data.role,
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();
      return;
    case 'UserActivated':
    case 'UserDeactivated':
      await trx
        .updateTable('rm_users')
        .set({ is_active: event.type === 'UserActivated', updated_at: at })
        .where('id', '=', id)
        .execute();
      return;
    case 'PasswordChanged':
      await trx.updateTable('rm_users').set({ updated_at: at }).where('id', '=', id).execute();
      return;
    case 'UserDeleted':
    case 'UserRestored': {
      const deleted = event.type === 'UserDeleted';
      await trx
        .updateTable('rm_users')
        .set({ is_deleted: deleted, deleted_at: deleted ? at : null, updated_at: at })
        .where('id', '=', id)
        .execute();
      return;
    }
    case 'UserSignedIn':
      await trx.updateTable('rm_users').set({ last_login_at: at }).where('id', '=', id).execute();
      await trx
        .insertInto('rm_user_sessions')
        .values({
          session_id: event.data.session_id,
          user_id: id,
          login_time: at,
          ip: event.data.ip,
          user_agent: event.data.user_agent,
        })
        .execute();
      return;
    case 'UserSignedOut':
      await trx
        .updateTable('rm_user_sessions')
        .set({ logout_time: at, end_reason: event.data.reason })
        .where('session_id', '=', event.data.session_id)
        .where('logout_time', 'is', null)
        .execute();
      return;
    default: {
      const exhaustive: never = event;
      throw new Error(`unhandled user event ${JSON.stringify(exhaustive)}`);
    }
  }
}
