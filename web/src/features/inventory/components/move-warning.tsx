import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';

export interface MoveWarningProps {
  warning: string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The server's word that the destination goes over its capacity: the move waits for the mover to confirm it. */
export function MoveWarning({ warning, isPending, onConfirm, onCancel }: MoveWarningProps) {
  return (
    <Alert tone="warning" title="Over capacity">
      <p>{warning}</p>
      <div className="form-actions">
        <Button onPress={onConfirm} isDisabled={isPending}>
          {isPending ? 'Moving...' : 'Move anyway'}
        </Button>
        <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
          Cancel
        </Button>
      </div>
    </Alert>
  );
}
