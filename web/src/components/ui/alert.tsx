import type { ReactNode } from 'react';

export interface AlertProps {
  title?: string;
  children: ReactNode;
  tone?: 'error' | 'info' | 'success' | 'warning';
  onDismiss?: () => void;
}

/** An inline message box; errors are announced. */
export function Alert({ title, children, tone = 'error', onDismiss }: AlertProps) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="alert-body">
        {title ? <p className="alert-title">{title}</p> : null}
        <div className="alert-text">{children}</div>
      </div>
      {onDismiss ? (
        <button type="button" className="alert-dismiss" aria-label="Dismiss" onClick={onDismiss}>
          ×
        </button>
      ) : null}
    </div>
  );
}
