import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { PickError } from '../picking-state.ts';

export interface PickErrorAlertProps {
  error: PickError;
  busy: boolean;
  onDismiss: () => void;
  /** Pick the refused item again from one of the locations holding it; null when no item can be retried. */
  onRetry: ((location: string) => void) | null;
  /** "Can't find it" for the refused item, while it is still to pick; null otherwise. */
  onShort: (() => void) | null;
}

/**
 * A refused pick or completion; a pick refused for lack of stock offers the locations that hold the SKU, and Can't find
 * it (the refusal stands: nothing is picked that was not there).
 */
export function PickErrorAlert({ error, busy, onDismiss, onRetry, onShort }: PickErrorAlertProps) {
  return (
    <Alert title="Error" onDismiss={onDismiss}>
      <p>{error.message}</p>
      {(onRetry && error.holders.length > 0) || onShort ? (
        <div className="pick-holders">
          {onRetry
            ? error.holders.slice(0, 3).map((location) => (
                <Button key={location} size="sm" variant="secondary" isDisabled={busy} onPress={() => onRetry(location)}>
                  Pick from {location}
                </Button>
              ))
            : null}
          {onShort ? (
            <Button size="sm" variant="secondary" isDisabled={busy} onPress={onShort}>
              Can&apos;t find it
            </Button>
          ) : null}
        </div>
      ) : null}
    </Alert>
  );
}
