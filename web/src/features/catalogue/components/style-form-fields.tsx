import type { Style } from '@wh/contracts/catalogue/http';
import { inSizeOrder } from '@wh/contracts/platform/sizes';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { codeLocked, type StyleFormErrors, type StyleFormValues } from '../style-form.ts';

export interface StyleFormFieldsProps {
  style: Style | undefined;
  values: StyleFormValues;
  errors: StyleFormErrors;
  set: <K extends keyof StyleFormValues>(key: K) => (value: StyleFormValues[K]) => void;
}

/** Code, name, jeans, sizes, colours and images; editing adds sizes and colours to those the style has. */
export function StyleFormFields({ style, values, errors, set }: StyleFormFieldsProps) {
  return (
    <>
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
      {style ? (
        <p className="muted small">
          Sizes: {inSizeOrder(style.sizes).join(', ') || 'none'} · Colours: {style.colors.join(', ') || 'none'}. SKUs are never removed; add more below.
        </p>
      ) : null}
      <div className="form-grid">
        <TextField
          label={style ? 'Add Sizes' : 'Sizes'}
          value={values.sizes}
          onChange={set('sizes')}
          errorMessage={errors.sizes}
          description="Comma-separated, e.g. 8, 10, 12. None: Free Size"
        />
        <TextField
          label={style ? 'Add Colours' : 'Colours'}
          value={values.colors}
          onChange={set('colors')}
          errorMessage={errors.colors}
          description="Comma-separated, e.g. Black, Navy"
        />
      </div>
      <TextArea label="Image URLs" value={values.images} onChange={set('images')} errorMessage={errors.images} description="One per line" rows={2} />
    </>
  );
}
