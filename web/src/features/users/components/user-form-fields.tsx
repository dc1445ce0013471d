import { ROLE_LABELS, ROLES, type Role } from '@wh/contracts/auth/permissions';
import { ADMIN_USER_ID, ADMIN_USERNAME, ADMIN_USERNAME_FIXED, type User } from '@wh/contracts/users/http';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { PasswordField, TextField } from '../../../components/ui/text-field.tsx';
import { PASSWORD_HINT, type FieldErrors, type UserFormValues } from '../user-form.ts';

const ROLE_OPTIONS = ROLES.map((role) => ({ id: role, label: ROLE_LABELS[role] }));

/** The built-in administrator can be neither deactivated nor renamed (only given `admin` back). */
export function builtInAdminRules(user: User | undefined) {
  const builtInAdmin = user !== undefined && user.id === ADMIN_USER_ID;
  return { canSetActive: !builtInAdmin, usernameFixed: builtInAdmin && user.username === ADMIN_USERNAME };
}

export interface UserFormFieldsProps {
  /** Absent: the fields of a new user (with a password). */
  user: User | undefined;
  values: UserFormValues;
  errors: FieldErrors;
  set: <K extends keyof UserFormValues>(key: K) => (value: UserFormValues[K]) => void;
}

export function UserFormFields({ user, values, errors, set }: UserFormFieldsProps) {
  const { canSetActive, usernameFixed } = builtInAdminRules(user);
  return (
    <>
      <TextField
        label="Username"
        name="username"
        isRequired
        isReadOnly={usernameFixed}
        autoComplete="off"
        value={values.username}
        onChange={set('username')}
        errorMessage={errors.username}
        description={usernameFixed ? ADMIN_USERNAME_FIXED : undefined}
      />
      <TextField
        label="Full Name"
        name="full_name"
        autoComplete="off"
        value={values.full_name}
        onChange={set('full_name')}
        errorMessage={errors.full_name}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        value={values.email}
        onChange={set('email')}
        errorMessage={errors.email}
      />
      <Select<Role> label="Role" isRequired options={ROLE_OPTIONS} value={values.role} onChange={set('role')} errorMessage={errors.role} />
      {user ? null : (
        <PasswordField
          label="Password"
          name="password"
          isRequired
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          errorMessage={errors.password}
          description={PASSWORD_HINT}
        />
      )}
      {canSetActive ? (
        <Checkbox isSelected={values.is_active} onChange={set('is_active')}>
          Active
        </Checkbox>
      ) : null}
    </>
  );
}
