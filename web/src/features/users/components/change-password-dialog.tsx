import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { User } from '@wh/contracts/users/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { PasswordField } from '../../../components/ui/text-field.tsx';
import { fieldErrorsOf } from '../../../lib/api-errors.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { changeUserPasswordCommand } from '../api/users-api.ts';
import { PASSWORD_HINT, validatePasswordChange, type FieldErrors } from '../user-form.ts';

export interface ChangePasswordDialogProps {
  user: User;
  isOpen: boolean;
  onClose: () => void;
  onChanged: () => void;
}

function refusalOf(failure: unknown): FieldErrors {
  const fields = fieldErrorsOf(failure);
  if (fields.password) fields.new_password ??= fields.password;
  return fields;
}

export function ChangePasswordDialog({ user, isOpen, onClose, onChanged }: ChangePasswordDialogProps) {
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const change = useCommand(changeUserPasswordCommand);

  const validation = validatePasswordChange(newPassword, confirmPassword);
  const serverErrors = change.failure ? refusalOf(change.failure) : {};
  const errors: FieldErrors = { ...(submitted ? validation : {}), ...serverErrors };
  const formError = change.failure && !serverErrors.new_password && !serverErrors.confirm_password ? change.error : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validation).length > 0) return;
    change.run({ id: user.id, newPassword, confirmPassword }, { onSuccess: onChanged });
  };

  // Editing either field clears the server's refusal.
  const edit = (setter: (v: string) => void) => (value: string) => {
    setter(value);
    change.reset();
  };

  return (
    <Dialog title="Change Password" isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <p className="muted">
        Set a new password for <strong>{user.full_name || user.username}</strong> (@{user.username}).
      </p>
      <Form className="form" onSubmit={onSubmit} validationBehavior="aria">
        {formError ? <Alert>{formError}</Alert> : null}
        <PasswordField
          label="New Password"
          name="new_password"
          isRequired
          autoComplete="new-password"
          value={newPassword}
          onChange={edit(setNewPassword)}
          errorMessage={errors.new_password}
          description={PASSWORD_HINT}
        />
        <PasswordField
          label="Confirm Password"
          name="confirm_password"
          isRequired
          autoComplete="new-password"
          value={confirmPassword}
          onChange={edit(setConfirmPassword)}
          errorMessage={errors.confirm_password}
        />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={change.isPending} aria-busy={change.isPending || undefined}>
            Change Password
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
