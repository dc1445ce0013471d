import { useState, type ReactNode } from 'react';
import {
  Button as AriaButton,
  Group,
  Input,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel } from './field.tsx';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children' | 'isInvalid'> {
  label: ReactNode;
  description?: ReactNode;
  /** A message makes the field invalid and is shown under it. */
  errorMessage?: string | undefined;
  placeholder?: string;
}

export function TextField({ label, description, errorMessage, placeholder, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={`field ${typeof className === 'string' ? className : ''}`}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <Input className="input" placeholder={placeholder} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}

/** A password input with a Show / Hide toggle. */
export function PasswordField({ label, description, errorMessage, placeholder, className, ...props }: TextFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <AriaTextField
      {...props}
      type={visible ? 'text' : 'password'}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={`field ${typeof className === 'string' ? className : ''}`}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <Group className="input-group">
        <Input className="input" placeholder={placeholder} />
        <AriaButton
          className="input-addon"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onPress={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </AriaButton>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
