import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Group,
  Input,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel } from './field.tsx';
import './indicators.css';

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, 'children' | 'isInvalid'> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string | undefined;
  placeholder?: string;
}

/** A whole-number input with − / + steppers; typing anything but digits is refused by the field itself. */
export function NumberField({ label, description, errorMessage, placeholder, className, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField
      formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
      {...props}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={`field ${typeof className === 'string' ? className : ''}`}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <Group className="number-field-group">
        <Input className="input" placeholder={placeholder} />
        <AriaButton slot="decrement" className="number-field-step">
          −
        </AriaButton>
        <AriaButton slot="increment" className="number-field-step">
          +
        </AriaButton>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaNumberField>
  );
}
