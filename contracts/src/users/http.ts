import { z } from 'zod';
import { ROLES } from '../auth/permissions.ts';
import { paginationSchema, queryBoolean } from '../platform/http.ts';
import { daysQuery, limitQuery, pageQuery } from '../platform/input.ts';

// Validation messages are the spec's (section 5), word for word.
const username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, digits, dots, dashes and underscores');
const email = z
  .union([z.literal(''), z.null(), z.email({ error: 'Invalid email format' }).max(254)])
  .optional()
  // Absent stays undefined (an edit leaves it as it is); empty or null clears it.
  .transform((v) => (v === undefined ? undefined : v ? v.trim().toLowerCase() : null));
const fullName = z
  .union([z.string().trim().max(120), z.null()])
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));
const role = z.enum(ROLES, { error: (iss) => (iss.input === undefined || iss.input === '' ? 'Role is required' : 'Invalid role') });

// The built-in administrator, made on first start as `admin`: never deleted, deactivated, demoted or renamed, so
// `admin` always names it. (One renamed by an earlier release may take `admin` back, and nothing else.)
export const ADMIN_USER_ID = 1;
export const ADMIN_USERNAME = 'admin';
export const ADMIN_USERNAME_FIXED = "The built-in administrator's username cannot be changed";

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;
// Characters that show nothing where they are typed: format characters (zero-width spaces and joiners, the byte-order
// mark, direction marks), controls, other default-ignorable ones (Hangul fillers, variation selectors) and the
// blank Braille pattern. Whitespace shows as a gap, so it counts towards a password's length, but a password of
// whitespace and these alone is blank.
const UNSEEN = /[\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]/gu;
const BLANK = /^[\p{White_Space}\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]*$/u;
const notBlank = (value: string) => !BLANK.test(value);
// The characters a person sees and types, each counted once (an emoji is one, not two).
const seenLength = (value: string) => [...value.replace(UNSEEN, '')].length;

// The one password rule, wherever a password is set (create, change, ADMIN_PASSWORD): not blank (only whitespace
// or characters that show nothing), at least 6 characters that show, at most 200 in all. Nothing is trimmed:
// spaces around a real password are part of it. `required` is the blank message, `subject` starts the length
// messages.
export function passwordRule(required = 'Password is required', subject = 'Password') {
  return z
    .string({ error: required })
    .refine(notBlank, { error: required, abort: true })
    .refine((value) => seenLength(value) >= PASSWORD_MIN_LENGTH, `${subject} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `${subject} must be at most ${PASSWORD_MAX_LENGTH} characters`);
}

export const loginBodySchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(200, 'Username is too long'),
  // The same limits as when a password is set: a longer one cannot be right. No minimum, so a short one is
  // answered like any wrong password.
  password: z
    .string({ error: 'Password is required' })
    .refine(notBlank, { error: 'Password is required', abort: true })
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  full_name: z.string().nullable(),
  role: z.enum(ROLES),
  is_active: z.boolean(),
  is_deleted: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_login_at: z.string().nullable(),
  permissions: z.array(z.string()),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema, expires_in: z.number() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const createUserBodySchema = z.object({
  username,
  email,
  full_name: fullName,
  role: role.default('worker'),
  password: passwordRule(),
  is_active: z.boolean().default(true),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

export const updateUserBodySchema = z.object({
  username: username.optional(),
  email,
  full_name: fullName,
  role: role.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

// The call sends `password`; the screen collects new_password and confirm_password. Both forms are accepted.
export const changePasswordBodySchema = z
  .object({
    password: z.string().optional(),
    new_password: z.string().optional(),
    confirm_password: z.string().optional(),
  })
  .transform((body, ctx) => {
    const next = body.new_password ?? body.password;
    const checked = passwordRule('New password is required').safeParse(next);
    if (!checked.success) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: checked.error.issues[0]?.message ?? 'New password is required' });
      return z.NEVER;
    }
    if (body.new_password !== undefined) {
      if (!body.confirm_password) {
        ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'Please confirm the password' });
        return z.NEVER;
      }
      if (body.confirm_password !== body.new_password) {
        ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'Passwords must match' });
        return z.NEVER;
      }
    }
    return { password: checked.data };
  });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const listUsersQuerySchema = z.object({
  role: z.enum(ROLES, { error: 'Invalid role' }).optional(),
  is_active: queryBoolean.optional(),
  include_deleted: queryBoolean.optional(),
  search: z.string().trim().max(100).optional(),
  page: pageQuery(),
  limit: limitQuery(200, 50),
});
export type ListUsersQuery = z.input<typeof listUsersQuerySchema>;

export const userListSchema = z.object({ users: z.array(userSchema), pagination: paginationSchema });
export type UserList = z.infer<typeof userListSchema>;

export const sessionSchema = z.object({
  session_id: z.string(),
  login_time: z.string(),
  logout_time: z.string().nullable(),
  login_ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  // Seconds; null while the session is still open.
  session_duration: z.number().nullable(),
  end_reason: z.string().nullable(),
});
export type UserSession = z.infer<typeof sessionSchema>;

export const userDetailsSchema = z.object({
  user: userSchema,
  login_stats: z.object({
    total_sessions: z.number().int(),
    last_30_days: z.number().int(),
    // Seconds, over closed sessions; 0 when none has closed.
    average_session_duration: z.number(),
  }),
  recent_sessions: z.array(sessionSchema),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

const byRole = z.object({ manager: z.number(), executive1: z.number(), executive2: z.number(), worker: z.number() });
export const userStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  deleted: z.number().int(),
  by_role: byRole,
  active_by_role: byRole,
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const loginSummaryQuerySchema = z.object({
  days: daysQuery().default(30),
  role: z.enum(ROLES, { error: 'Invalid role' }).optional(),
});
export type LoginSummaryQuery = z.input<typeof loginSummaryQuerySchema>;

export const loginSummarySchema = z.object({
  days: z.number().int(),
  role: z.enum(ROLES).nullable(),
  total_logins: z.number().int(),
  unique_users: z.number().int(),
  daily: z.array(z.object({ date: z.string(), logins: z.number().int(), unique_users: z.number().int() })),
  by_user: z.array(
    z.object({
      user_id: z.number().int(),
      username: z.string(),
      full_name: z.string().nullable(),
      role: z.enum(ROLES),
      logins: z.number().int(),
      last_login_at: z.string().nullable(),
    }),
  ),
});
export type LoginSummary = z.infer<typeof loginSummarySchema>;
