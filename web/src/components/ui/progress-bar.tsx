import { ProgressBar as AriaProgressBar, Label } from 'react-aria-components';

export interface ProgressBarProps {
  label: string;
  /** Omit for an indeterminate (busy) bar. */
  value?: number;
  showValue?: boolean;
}

export function ProgressBar({ label, value, showValue = false }: ProgressBarProps) {
  return (
    <AriaProgressBar
      className="progress"
      {...(value === undefined ? { isIndeterminate: true } : { value })}
    >
      {({ percentage, valueText, isIndeterminate }) => (
        <>
          <div className="progress-label">
            <Label>{label}</Label>
            {showValue && !isIndeterminate ? <span>{valueText}</span> : null}
          </div>
          <div className="progress-track">
            <div
              className={`progress-fill ${isIndeterminate ? 'progress-indeterminate' : ''}`}
              style={isIndeterminate ? undefined : { width: `${percentage ?? 0}%` }}
            />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
