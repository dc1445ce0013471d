import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { Style } from '@wh/contracts/catalogue/http';
import { inSizeOrder } from '@wh/contracts/platform/sizes';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { fieldErrorsOf, messageOf } from '../../../lib/api-errors.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { createStyleCommand, updateStyleCommand } from '../api/styles-api.ts';
import { codeLocked, styleFormValues, validateCreate, validateUpdate, type StyleFormErrors, type StyleFormValues } from '../style-form.ts';

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
        <div className="form-grid">
          <TextField
            label="Style Code"
            isRequired
            value={values.style_code}
            onChange={(v) => set('style_code')(v.toUpperCase())}
            errorMessage={errors.style_code}
            isDisabled={codeLocked(style)}
            description={codeLocked(style) ? 'Fixed: the style already has SKUs' : 'Letters and digits, no hyphens (e.g. DR1000)'}
          />
          <TextField label="Style Name" isRequired value={values.name} onChange={set('name')} errorMessage={errors.name} />
        </div>
        <Checkbox isSelected={values.is_jeans} onChange={set('is_jeans')}>
          Jeans (stored on jean racks)
        </Checkbox>
        {editing ? (
          <p className="muted small">
            Sizes: {inSizeOrder(style.sizes).join(', ') || 'none'} · Colours: {style.colors.join(', ') || 'none'}. SKUs are never removed; add more below.
          </p>
        ) : null}
        <div className="form-grid">
          <TextField
            label={editing ? 'Add Sizes' : 'Sizes'}
            value={values.sizes}
            onChange={set('sizes')}
            errorMessage={errors.sizes}
            description="Comma-separated, e.g. 8, 10, 12. None: Free Size"
          />
          <TextField
            label={editing ? 'Add Colours' : 'Colours'}
            value={values.colors}
            onChange={set('colors')}
            errorMessage={errors.colors}
            description="Comma-separated, e.g. Black, Navy"
          />
        </div>
        <TextArea label="Image URLs" value={values.images} onChange={set('images')} errorMessage={errors.images} description="One per line" rows={2} />
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
