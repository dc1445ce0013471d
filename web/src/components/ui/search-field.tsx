import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Input,
  SearchField as AriaSearchField,
  type SearchFieldProps as AriaSearchFieldProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel } from './field.tsx';

export interface SearchFieldProps extends Omit<AriaSearchFieldProps, 'children'> {
  label: ReactNode;
  description?: ReactNode;
  placeholder?: string;
}

export function SearchField({ label, description, placeholder, className, ...props }: SearchFieldProps) {
  return (
    <AriaSearchField {...props} className={`field search-field ${typeof className === 'string' ? className : ''}`}>
      <FieldLabel>{label}</FieldLabel>
      <div className="input-group">
        <Input className="input" placeholder={placeholder} />
        <AriaButton className="input-addon search-clear" aria-label="Clear search">
          ×
        </AriaButton>
      </div>
      <FieldHelp description={description} />
    </AriaSearchField>
  );
}
