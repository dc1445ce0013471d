import type { ReactNode } from 'react';
import { FieldError, Label, Text } from 'react-aria-components';

// The label / description / error trio every form wrapper shares.
export function FieldLabel({ children, isRequired }: { children: ReactNode; isRequired?: boolean | undefined }) {
  return (
    <Label className="field-label">
      {children}
      {isRequired ? (
        <span className="field-required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </Label>
  );
}

export function FieldHelp({ description, errorMessage }: { description?: ReactNode; errorMessage?: ReactNode }) {
  return (
    <>
      {description ? (
        <Text slot="description" className="field-description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field-error">{errorMessage}</FieldError>
    </>
  );
}
