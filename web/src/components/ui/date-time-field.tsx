import type { ReactNode } from 'react';
import { Input, TextField as AriaTextField } from 'react-aria-components';
import { FieldHelp, FieldLabel } from './field.tsx';

export interface DateTimeFieldProps {
  label: ReactNode;
  /** Local date and time as the browser's datetime-local input writes it: 'YYYY-MM-DDTHH:mm' or 'YYYY-MM-DDTHH:mm:ss'. */
  value: string;
  onChange: (value: string) => void;
  description?: ReactNode;
  errorMessage?: string | undefined;
  max?: string;
  isRequired?: boolean;
  /** Offer seconds as well as minutes. */
  withSeconds?: boolean;
}

// The browser's own date-time picker: on phones it opens the native wheel, which beats any custom widget.
export function DateTimeField({ label, value, onChange, description, errorMessage, max, isRequired, withSeconds = false }: DateTimeFieldProps) {
  return (
    <AriaTextField
      value={value}
      onChange={onChange}
      type="text"
      isRequired={isRequired ?? false}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className="field"
    >
      <FieldLabel>{label}</FieldLabel>
      <Input className="input" type="datetime-local" max={max} step={withSeconds ? 1 : 60} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
