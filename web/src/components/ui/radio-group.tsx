import type { ReactNode } from 'react';
import { Label, Radio, RadioGroup as AriaRadioGroup, Text } from 'react-aria-components';

export interface RadioOption<K extends string = string> {
  id: K;
  label: ReactNode;
  description?: ReactNode;
  isDisabled?: boolean;
}

export interface RadioGroupProps<K extends string> {
  label: ReactNode;
  options: readonly RadioOption<K>[];
  value: K | null;
  onChange: (value: K) => void;
  orientation?: 'horizontal' | 'vertical';
  /** Options shown as cards side by side (file type choice). */
  variant?: 'plain' | 'cards';
}

export function RadioGroup<K extends string>({ label, options, value, onChange, orientation = 'vertical', variant = 'plain' }: RadioGroupProps<K>) {
  return (
    <AriaRadioGroup
      className={`radio-group radio-group-${variant}`}
      orientation={orientation}
      value={value}
      onChange={(v) => onChange(v as K)}
    >
      <Label className="field-label">{label}</Label>
      <div className="radio-options">
        {options.map((option) => (
          <Radio key={option.id} value={option.id} isDisabled={option.isDisabled ?? false} className="radio">
            <span className="radio-dot" aria-hidden="true" />
            <span className="radio-text">
              <span className="radio-label">{option.label}</span>
              {option.description ? (
                <Text slot="description" className="field-description">
                  {option.description}
                </Text>
              ) : null}
            </span>
          </Radio>
        ))}
      </div>
    </AriaRadioGroup>
  );
}
