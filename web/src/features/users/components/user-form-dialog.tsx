import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { User } from '@wh/contracts/users/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { ApiError, fieldErrorsOf } from '../../../lib/api-errors.ts';
import { createUserCommand, updateUserCommand } from '../api/users-api.ts';
import { useFormCommand, type Refusal } from '../use-form-command.ts';
import { validateCreate, validateUpdate, type FieldErrors, type UserFormValues } from '../user-form.ts';
import { builtInAdminRules, UserFormFields } from './user-form-fields.tsx';

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

function refusalOf(failure: unknown): Refusal {
  const fields = fieldErrorsOf(failure);
  if (failure instanceof ApiError && failure.status === 409 && /username/i.test(failure.message)) fields.username ??= failure.message;
  return { fields, formLevel: Object.keys(fields).length === 0 };
}

export function UserFormDialog({ user, isOpen, onClose, onSaved }: UserFormDialogProps) {
  const { canSetActive } = builtInAdminRules(user);
  const [values, setValues] = useState<UserFormValues>(() => initialValues(user));
  const [submitted, setSubmitted] = useState(false);
  const create = useFormCommand(createUserCommand, refusalOf);
  const update = useFormCommand(updateUserCommand, refusalOf);
  const save = user === undefined ? create : update;

  const validation = user === undefined ? validateCreate(values) : validateUpdate(values, canSetActive);
  const errors: FieldErrors = { ...(submitted ? validation.errors : {}), ...save.serverErrors };

  const set = <K extends keyof UserFormValues>(key: K) => (value: UserFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    save.noteEdit(key);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (user === undefined) {
      const body = validateCreate(values).body;
      if (body) create.run(body, { onSuccess: onSaved });
    } else {
      const body = validateUpdate(values, canSetActive).body;
      if (body) update.run({ id: user.id, body }, { onSuccess: onSaved });
    }
  };

  return (
    <Dialog title={user ? 'Edit User' : 'Add User'} isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Form className="form" onSubmit={onSubmit} validationBehavior="aria">
        {save.formError ? <Alert>{save.formError}</Alert> : null}
        <UserFormFields user={user} values={values} errors={errors} set={set} />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={save.isPending} aria-busy={save.isPending || undefined}>
            {user ? 'Save Changes' : 'Create User'}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
