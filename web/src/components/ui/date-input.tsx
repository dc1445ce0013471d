import { useId } from 'react';

export interface DateInputProps {
  label: string;
  /** YYYY-MM-DD or ''. */
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

// The browser's own date input: on phones it opens the platform date picker, and it yields YYYY-MM-DD.
export function DateInput({ label, value, onChange, className }: DateInputProps) {
  const id = useId();
  return (
    <div className={`field ${className ?? ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} type="date" className="input" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
