import type { ReactNode } from 'react';

/** A responsive grid of cards: one column on a phone, as many as fit above. */
export function CardGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul className="card-grid" aria-label={label}>
      {children}
    </ul>
  );
}

export function CardGridItem({ children }: { children: ReactNode }) {
  return <li className="card card-grid-item">{children}</li>;
}
