import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { ROLE_LABELS, ROLES, type Role } from '@wh/contracts/auth/permissions';
import { ADMIN_USER_ID, ADMIN_USERNAME, ADMIN_USERNAME_FIXED, type User } from '@wh/contracts/users/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { PasswordField, TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, fieldErrorsOf, messageOf } from '../../../lib/api-errors.ts';
import { createUser, updateUser } from '../api/users-api.ts';
import { PASSWORD_HINT, validateCreate, validateUpdate, type FieldErrors, type UserFormValues } from '../user-form.ts';

const ROLE_OPTIONS = ROLES.map((role) => ({ id: role, label: ROLE_LABELS[role] }));

export interface UserFormDialogProps {
  /** Absent: create a user. */
  user?: User;
  isOpen: boolean;
  onClose: () => void;
  onSaved: (user: User) => void;
}

function initialValues(user?: User): UserFormValues {
  return {
    username: user?.username ?? '',
    full_name: user?.full_name ?? '',
    email: user?.email ?? '',
    role: user?.role ?? 'worker',
    password: '',
    is_active: user?.is_active ?? true,
  };
}

export function UserFormDialog({ user, isOpen, onClose, onSaved }: UserFormDialogProps) {
  const editing = user !== undefined;
  // The built-in administrator can be neither deactivated nor renamed (only given `admin` back).
  const builtInAdmin = editing && user.id === ADMIN_USER_ID;
  const canSetActive = !builtInAdmin;
  const usernameFixed = builtInAdmin && user.username === ADMIN_USERNAME;
  const [values, setValues] = useState<UserFormValues>(() => initialValues(user));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const validation = editing ? validateUpdate(values, canSetActive) : validateCreate(values);
  const errors: FieldErrors = { ...(submitted ? validation.errors : {}), ...serverErrors };

  const set = <K extends keyof UserFormValues>(key: K) => (value: UserFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors(({ [key]: _removed, ...rest }) => rest);
    setFormError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!validation.body || pending) return;
    setPending(true);
    setFormError(null);
    try {
      const saved = editing
        ? await updateUser(user.id, validation.body)
        : await createUser(validateCreate(values).body!);
      onSaved(saved);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (error instanceof ApiError && error.status === 409 && /username/i.test(error.message)) {
        fields.username ??= error.message;
      }
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) {
        setFormError(messageOf(error, editing ? 'Failed to update user' : 'Failed to create user'));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title={editing ? 'Edit User' : 'Add User'} isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Form className="form" onSubmit={onSubmit} validationBehavior="aria">
        {formError ? <Alert>{formError}</Alert> : null}
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
        <Select<Role>
          label="Role"
          isRequired
          options={ROLE_OPTIONS}
          value={values.role}
          onChange={set('role')}
          errorMessage={errors.role}
        />
        {editing ? null : (
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
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={pending} aria-busy={pending || undefined}>
            {editing ? 'Save Changes' : 'Create User'}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
