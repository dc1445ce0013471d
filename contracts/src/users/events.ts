import { z } from 'zod';
import { ROLES } from '../auth/permissions.ts';
import { numberDomains as n } from '../platform/input.ts';
import { firstVersion, type EventFamily, type EventsOf } from '../platform/event-schemas.ts';

const sessionEndReasonSchema = z.enum(['logout', 'expired', 'deactivated', 'deleted', 'password_changed']);
export type SessionEndReason = z.infer<typeof sessionEndReasonSchema>;

const id = n.id;
const at = z.string();
const userFields = { user_id: id, username: z.string(), email: z.string().nullable(), full_name: z.string().nullable(), role: z.enum(ROLES) };

export const USER_EVENTS = {
  UserCreated: firstVersion(z.object({ ...userFields, is_active: z.boolean(), at })),
  UserUpdated: firstVersion(z.object({ ...userFields, at })),
  UserActivated: firstVersion(z.object({ user_id: id, at })),
  UserDeactivated: firstVersion(z.object({ user_id: id, at })),
  PasswordChanged: firstVersion(z.object({ user_id: id, at })),
  UserDeleted: firstVersion(z.object({ user_id: id, at })),
  UserRestored: firstVersion(z.object({ user_id: id, at })),
  UserSignedIn: firstVersion(z.object({ user_id: id, session_id: z.string(), ip: z.string().nullable(), user_agent: z.string().nullable(), at })),
  UserSignedOut: firstVersion(z.object({ user_id: id, session_id: z.string(), reason: sessionEndReasonSchema, at })),
} satisfies EventFamily;

export type UserEvent = EventsOf<typeof USER_EVENTS>;
export type UserEventType = UserEvent['type'];
export const userStreamId = (userId: number) => `user-${userId}`;
