import type { ReactNode } from 'react';
import './indicators.css';

export type BadgeTone = 'neutral' | 'red' | 'yellow' | 'green' | 'blue';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
