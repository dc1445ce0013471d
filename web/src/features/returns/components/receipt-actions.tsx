import { Button } from '../../../components/ui/button.tsx';
import type { BenchEvent } from '../bench.ts';

export interface ReceiptActionsProps {
  /** What keeps the parcel from being sent, in words; null when it can go. */
  problem: string | null;
  submitLabel: string;
  isPending: boolean;
  dispatch: (event: BenchEvent) => void;
  onSubmit: () => void;
}

/** The foot of a parcel being recorded: what is missing, Start over, and the one button that sends it. */
export function ReceiptActions({ problem, submitLabel, isPending, dispatch, onSubmit }: ReceiptActionsProps) {
  return (
    <>
      <p className="returns-problem" role="status">
        {problem ?? ''}
      </p>
      <div className="form-actions">
        <Button variant="secondary" onPress={() => dispatch({ type: 'restart' })}>
          Start over
        </Button>
        <Button onPress={onSubmit} isDisabled={problem !== null || isPending} aria-busy={isPending || undefined}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
