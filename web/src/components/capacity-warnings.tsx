import { overCapacityText, type OverCapacity } from '@wh/contracts/platform/stock';
import { Alert } from './ui/alert.tsx';

export interface CapacityWarningsProps {
  overCapacity: readonly OverCapacity[];
  onDismiss?: () => void;
}

/** The locations a change took past their capacity, as the server reported them; nothing when none. */
export function CapacityWarnings({ overCapacity, onDismiss }: CapacityWarningsProps) {
  if (overCapacity.length === 0) return null;
  return (
    <Alert tone="warning" title="Over capacity" {...(onDismiss ? { onDismiss } : {})}>
      {overCapacity.length === 1 ? (
        <p>{overCapacityText(overCapacity[0]!)}</p>
      ) : (
        <ul>
          {overCapacity.map((o) => (
            <li key={o.location}>{overCapacityText(o)}</li>
          ))}
        </ul>
      )}
      <p className="small">The stock is recorded where it was put: move some of it, or raise the capacity in Settings.</p>
    </Alert>
  );
}
