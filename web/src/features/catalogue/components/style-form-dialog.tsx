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
import { createStyle, updateStyle } from '../api/styles-api.ts';
import { codeLocked, styleFormValues, validateCreate, validateUpdate, type StyleFormErrors, type StyleFormValues } from '../style-form.ts';

export interface StyleFormDialogProps {
  /** Absent: add a new style. */
  style?: Style;
  onClose: () => void;
  onSaved: (style: Style, created: boolean) => void;
}

export function StyleFormDialog({ style, onClose, onSaved }: StyleFormDialogProps) {
  const editing = style !== undefined;
  const [values, setValues] = useState<StyleFormValues>(() => styleFormValues(style));
  const [errors, setErrors] = useState<StyleFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const set = <K extends keyof StyleFormValues>(key: K) => (value: StyleFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = editing ? validateUpdate(values, style) : validateCreate(values);
    if (!checked.body) {
      setErrors(checked.errors);
      return;
    }
    if (editing && Object.keys(checked.body).length === 0) {
      onClose();
      return;
    }
    setPending(true);
    setFormError(null);
    try {
      const saved = editing ? await updateStyle(style.id, checked.body) : await createStyle(validateCreate(values).body!);
      onSaved(saved, !editing);
    } catch (cause) {
      const fields = fieldErrorsOf(cause);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else if (/style code/i.test(messageOf(cause, ''))) setErrors({ style_code: messageOf(cause, '') });
      else setFormError(messageOf(cause, editing ? 'Failed to update style' : 'Failed to create style'));
      setPending(false);
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
