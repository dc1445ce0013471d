import type { Role } from '../auth/permissions.ts';

export type SessionEndReason = 'logout' | 'expired' | 'deactivated' | 'deleted' | 'password_changed';

export type UserEvent =
  | {
      type: 'UserCreated';
      data: {
        user_id: number;
        username: string;
        email: string | null;
        full_name: string | null;
        role: Role;
        is_active: boolean;
        at: string;
      };
    }
  | {
      type: 'UserUpdated';
      data: { user_id: number; username: string; email: string | null; full_name: string | null; role: Role; at: string };
    }
  | { type: 'UserActivated'; data: { user_id: number; at: string } }
  | { type: 'UserDeactivated'; data: { user_id: number; at: string } }
  | { type: 'PasswordChanged'; data: { user_id: number; at: string } }
  | { type: 'UserDeleted'; data: { user_id: number; at: string } }
  | { type: 'UserRestored'; data: { user_id: number; at: string } }
  | {
      type: 'UserSignedIn';
      data: { user_id: number; session_id: string; ip: string | null; user_agent: string | null; at: string };
    }
  | { type: 'UserSignedOut'; data: { user_id: number; session_id: string; reason: SessionEndReason; at: string } };

export type UserEventType = UserEvent['type'];
export const userStreamId = (userId: number) => `user-${userId}`;
