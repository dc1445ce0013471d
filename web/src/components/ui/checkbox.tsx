import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children'> {
  children: ReactNode;
  description?: ReactNode;
}

export function Checkbox({ children, description, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={`checkbox ${typeof className === 'string' ? className : ''}`}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className="checkbox-box" aria-hidden="true">
            {isIndeterminate ? '–' : isSelected ? '✓' : ''}
          </span>
          <span className="checkbox-label">
            {children}
            {description ? <span className="field-description">{description}</span> : null}
          </span>
        </>
      )}
    </AriaCheckbox>
  );
}
