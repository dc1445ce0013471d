import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { PickError } from '../picking-state.ts';

export interface PickErrorAlertProps {
  error: PickError;
  busy: boolean;
  onDismiss: () => void;
  /** Pick the refused item again from one of the locations holding it; null when no item can be retried. */
  onRetry: ((location: string) => void) | null;
}

/** A refused pick or completion; a pick refused for lack of stock offers the locations that hold the SKU. */
export function PickErrorAlert({ error, busy, onDismiss, onRetry }: PickErrorAlertProps) {
  return (
    <Alert title="Error" onDismiss={onDismiss}>
      <p>{error.message}</p>
      {onRetry && error.holders.length > 0 ? (
        <div className="pick-holders">
          {error.holders.slice(0, 3).map((location) => (
            <Button key={location} size="sm" variant="secondary" isDisabled={busy} onPress={() => onRetry(location)}>
              Pick from {location}
            </Button>
          ))}
        </div>
      ) : null}
    </Alert>
  );
}

export interface PickProgressFootProps {
  picked: number;
  total: number;
  /** Every item picked: the complete button is offered. */
  done: boolean;
  busy: boolean;
  completing: boolean;
  completeLabel: string;
  onComplete: () => void;
}

/** 'X of Y items picked', and the complete button once everything is picked (focus lands on it after the last pick). */
export function PickProgressFoot({ picked, total, done, busy, completing, completeLabel, onComplete }: PickProgressFootProps) {
  return (
    <footer className="picking-panel-foot">
      <p aria-live="polite">
        {picked} of {total} items picked
      </p>
      {done ? (
        <Button onPress={onComplete} isDisabled={busy} data-complete>
          {completing ? 'Completing...' : completeLabel}
        </Button>
      ) : null}
    </footer>
  );
}
