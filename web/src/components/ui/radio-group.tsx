import type { ReactNode } from 'react';
import { Label, Radio, RadioGroup as AriaRadioGroup, Text } from 'react-aria-components';

export interface RadioOption<K extends string> {
  id: K;
  label: string;
  description?: ReactNode;
}

export interface RadioGroupProps<K extends string> {
  label: string;
  options: readonly RadioOption<K>[];
  value: K | null;
  onChange: (value: K) => void;
}

export function RadioGroup<K extends string>({ label, options, value, onChange }: RadioGroupProps<K>) {
  return (
    <AriaRadioGroup className="radio-group" value={value} onChange={(v) => onChange(v as K)}>
      <Label className="field-label">{label}</Label>
      {options.map((o) => (
        <Radio key={o.id} value={o.id} className="radio">
          <span className="radio-dot" aria-hidden="true" />
          <span className="radio-text">
            <span>{o.label}</span>
            {o.description ? <Text slot="description" className="field-description">{o.description}</Text> : null}
          </span>
        </Radio>
      ))}
    </AriaRadioGroup>
  );
}
