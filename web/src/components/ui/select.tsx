import type { Key, ReactNode } from 'react';
import {
  Button as AriaButton,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel } from './field.tsx';

export interface SelectOption<K extends string = string> {
  id: K;
  label: string;
  description?: string;
}

export interface SelectProps<K extends string>
  extends Omit<AriaSelectProps<SelectOption<K>>, 'children' | 'selectedKey' | 'onSelectionChange' | 'isInvalid' | 'value' | 'onChange' | 'defaultValue'> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string | undefined;
  options: readonly SelectOption<K>[];
  value: K | null;
  onChange: (value: K) => void;
}

export function Select<K extends string>({
  label,
  description,
  errorMessage,
  options,
  value,
  onChange,
  className,
  ...props
}: SelectProps<K>) {
  return (
    <AriaSelect
      {...props}
      selectedKey={value}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) onChange(String(key) as K);
      }}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={`field ${typeof className === 'string' ? className : ''}`}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <AriaButton className="input select-trigger">
        <SelectValue className="select-value" />
        <span className="select-chevron" aria-hidden="true">
          ▾
        </span>
      </AriaButton>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="popover">
        <ListBox className="listbox" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className="listbox-item" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
