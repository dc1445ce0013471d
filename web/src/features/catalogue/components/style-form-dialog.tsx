import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { Style } from '@wh/contracts/catalogue/http';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { fieldErrorsOf, messageOf } from '../../../lib/api-errors.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { createStyleCommand, updateStyleCommand } from '../api/styles-api.ts';
import { StyleFormFields } from './style-form-fields.tsx';
import { styleFormValues, validateCreate, validateUpdate, type StyleFormErrors, type StyleFormValues } from '../style-form.ts';

export interface StyleFormDialogProps {
  /** Absent: add a new style. */
  style?: Style;
  onClose: () => void;
  onSaved: (style: Style, created: boolean) => void;
}

/** The server's refusal as field errors, or null when it names no field. */
function refusalFields(cause: unknown): StyleFormErrors | null {
  const fields = fieldErrorsOf(cause);
  if (Object.keys(fields).length > 0) return fields;
  const message = messageOf(cause, '');
  return /style code/i.test(message) ? { style_code: message } : null;
}

export function StyleFormDialog({ style, onClose, onSaved }: StyleFormDialogProps) {
  const editing = style !== undefined;
  const [values, setValues] = useState<StyleFormValues>(() => styleFormValues(style));
  const [errors, setErrors] = useState<StyleFormErrors>({});
  const create = useCommand(createStyleCommand);
  const update = useCommand(updateStyleCommand);
  const save = editing ? update : create;
  const formError = save.failure && refusalFields(save.failure) === null ? save.error : null;
  const pending = save.isPending;

  const set = <K extends keyof StyleFormValues>(key: K) => (value: StyleFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    save.reset();
  };

  const refused = (cause: unknown) => {
    const fields = refusalFields(cause);
    if (fields) setErrors(fields);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing) {
      const checked = validateUpdate(values, style);
      if (!checked.body) return setErrors(checked.errors);
      if (Object.keys(checked.body).length === 0) return onClose();
      update.run({ id: style.id, body: checked.body }, { onSuccess: (saved) => onSaved(saved, false), onError: refused });
    } else {
      const checked = validateCreate(values);
      if (!checked.body) return setErrors(checked.errors);
      create.run(checked.body, { onSuccess: (saved) => onSaved(saved, true), onError: refused });
    }
  };

  return (
    <Dialog title={editing ? `Edit Style ${style.style_code}` : 'Add New Style'} isOpen size="lg" onOpenChange={(open) => !open && onClose()}>
      <Form className="form" onSubmit={submit} validationBehavior="aria">
        {formError ? <Alert>{formError}</Alert> : null}
        <StyleFormFields style={style} values={values} errors={errors} set={set} />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={pending} aria-busy={pending || undefined}>
            {editing ? 'Save Changes' : 'Create Style'}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
