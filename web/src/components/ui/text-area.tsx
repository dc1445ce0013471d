import type { ReactNode } from 'react';
import { TextArea as AriaTextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { FieldHelp, FieldLabel } from './field.tsx';

export interface TextAreaProps extends Omit<AriaTextFieldProps, 'children' | 'isInvalid'> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string | undefined;
  placeholder?: string;
  rows?: number;
}

export function TextArea({ label, description, errorMessage, placeholder, rows = 3, className, ...props }: TextAreaProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={`field ${typeof className === 'string' ? className : ''}`}
    >
      <FieldLabel>{label}</FieldLabel>
      <AriaTextArea className="input textarea" placeholder={placeholder} rows={rows} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
