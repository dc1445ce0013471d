import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { User } from '@wh/contracts/users/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { PasswordField } from '../../../components/ui/text-field.tsx';
import { fieldErrorsOf, messageOf } from '../../../lib/api-errors.ts';
import { changeUserPassword } from '../api/users-api.ts';
import { PASSWORD_HINT, validatePasswordChange, type FieldErrors } from '../user-form.ts';

export interface ChangePasswordDialogProps {
  user: User;
  isOpen: boolean;
  onClose: () => void;
  onChanged: () => void;
}

export function ChangePasswordDialog({ user, isOpen, onClose, onChanged }: ChangePasswordDialogProps) {
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const validation = validatePasswordChange(newPassword, confirmPassword);
  const errors: FieldErrors = { ...(submitted ? validation : {}), ...serverErrors };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validation).length > 0 || pending) return;
    setPending(true);
    setFormError(null);
    try {
      await changeUserPassword(user.id, newPassword, confirmPassword);
      onChanged();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.password) fields.new_password ??= fields.password;
      setServerErrors(fields);
      if (!fields.new_password && !fields.confirm_password) setFormError(messageOf(error, 'Failed to change password'));
    } finally {
      setPending(false);
    }
  };

  const edit = (setter: (v: string) => void) => (value: string) => {
    setter(value);
    setServerErrors({});
    setFormError(null);
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
          <Button type="submit" isDisabled={pending} aria-busy={pending || undefined}>
            Change Password
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
