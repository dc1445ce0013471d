import type { ReactNode } from 'react';

export function FullScreenMessage({ children }: { children: ReactNode }) {
  return (
    <div className="full-screen-message" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}
