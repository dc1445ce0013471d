import type { ReactNode } from 'react';
import { FieldError, Label, Text } from 'react-aria-components';

// The label / description / error trio every form wrapper shares. Required fields carry aria-required
// from the input; the label stays plain text so its accessible name is exactly the visible label.
export function FieldLabel({ children }: { children: ReactNode; isRequired?: boolean | undefined }) {
  return <Label className="field-label">{children}</Label>;
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
