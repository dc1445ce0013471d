import { changePasswordBodySchema, createUserBodySchema, PASSWORD_MIN_LENGTH, updateUserBodySchema } from '@wh/contracts/users/http';
import type { CreateUserBody, UpdateUserBody } from '@wh/contracts/users/http';
import type { Role } from '@wh/contracts/auth/permissions';

// Client-side checks use the contract's schemas, so messages match the server's word for word.

export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters`;

export interface UserFormValues {
  username: string;
  full_name: string;
  email: string;
  role: Role;
  password: string;
  is_active: boolean;
}

export type FieldErrors = Partial<Record<string, string>>;

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

export function firstIssuePerField(issues: readonly IssueLike[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    out[field] ??= issue.message;
  }
  return out;
}

export function validateCreate(values: UserFormValues): { body?: CreateUserBody; errors: FieldErrors } {
  const body: CreateUserBody = {
    username: values.username.trim(),
    email: values.email.trim(),
    full_name: values.full_name.trim(),
    role: values.role,
    password: values.password,
    is_active: values.is_active,
  };
  const result = createUserBodySchema.safeParse(body);
  return result.success ? { body, errors: {} } : { errors: firstIssuePerField(result.error.issues) };
}

export function validateUpdate(values: UserFormValues, includeActive: boolean): { body?: UpdateUserBody; errors: FieldErrors } {
  const body: UpdateUserBody = {
    username: values.username.trim(),
    email: values.email.trim(),
    full_name: values.full_name.trim(),
    role: values.role,
    ...(includeActive ? { is_active: values.is_active } : {}),
  };
  const result = updateUserBodySchema.safeParse(body);
  return result.success ? { body, errors: {} } : { errors: firstIssuePerField(result.error.issues) };
}

export function validatePasswordChange(newPassword: string, confirmPassword: string): FieldErrors {
  const result = changePasswordBodySchema.safeParse({ new_password: newPassword, confirm_password: confirmPassword });
  return result.success ? {} : firstIssuePerField(result.error.issues);
}
