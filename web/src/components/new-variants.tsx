import { ApiError } from '../lib/api-errors.ts';
import { ConfirmDialog } from './ui/confirm-dialog.tsx';

/** What a stock upload was refused for when its rows name sizes or colours their styles lack (each said once); null
 * for any other failure. */
export function newVariantsOf(failure: unknown): string[] | null {
  if (!(failure instanceof ApiError) || failure.code !== 'NEW_VARIANTS') return null;
  return [...new Set(failure.details.map((d) => d.message))];
}

export interface NewVariantsQuestionProps {
  /** newVariantsOf the refusal. */
  problems: readonly string[];
  /** Sends the same rows again, the additions confirmed. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** Before stock of a size or colour its style does not have is recorded: a typo, or new to the catalogue? */
export function NewVariantsQuestion({ problems, onConfirm, onClose }: NewVariantsQuestionProps) {
  return (
    <ConfirmDialog
      title="Add new sizes or colours?"
      confirmLabel="Add and Save"
      tone="primary"
      fallbackError="Failed to upload manual stock file"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>These are not in the catalogue:</p>
      <ul className="new-variants" aria-label="Not in the catalogue">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <p>Check them for typos. Saving adds them to their styles once the stock is approved; Go Back to correct them.</p>
    </ConfirmDialog>
  );
}
