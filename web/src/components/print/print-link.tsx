import type { ReactNode } from 'react';
import type { ButtonVariant } from '../ui/button.tsx';

export interface PrintLinkProps {
  /** A print view's path. */
  to: string;
  children: ReactNode;
  /** The accessible name when the text alone does not say what prints ('Print label of A-1-1'). */
  label?: string;
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
}

/** Opens a print view in a tab of its own, so the screen it is printed from stays as it was. */
export function PrintLink({ to, children, label, variant = 'secondary', size = 'sm' }: PrintLinkProps) {
  return (
    <a className={`btn btn-${variant}${size === 'sm' ? ' btn-sm' : ''}`} href={to} target="_blank" rel="noopener" aria-label={label}>
      {children}
    </a>
  );
}
