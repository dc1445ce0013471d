import { Alert } from './ui/alert.tsx';
import { UploadResultCard } from './ui/upload-result-card.tsx';
import { resultStats } from './ui/upload-result.ts';
import { CapacityWarnings } from './capacity-warnings.tsx';
import type { StockUploadResult } from './stock-upload-types.ts';

export interface UploadOutcomeProps {
  error: string | null;
  onDismissError: () => void;
  result: StockUploadResult | null;
  resultLabels: Readonly<Record<string, string>>;
  onDismissResult: () => void;
}

/** What an upload came to: the 'Upload Error' box, or the result card. */
export function UploadOutcome({ error, onDismissError, result, resultLabels, onDismissResult }: UploadOutcomeProps) {
  return (
    <>
      {error ? (
        <Alert title="Upload Error" onDismiss={onDismissError}>
          {error}
        </Alert>
      ) : null}
      {result ? (
        <UploadResultCard
          success={result.success}
          message={result.message}
          stats={resultStats(result, resultLabels)}
          errors={result.errors}
          onDismiss={onDismissResult}
        />
      ) : null}
      {result?.over_capacity ? <CapacityWarnings overCapacity={result.over_capacity} /> : null}
    </>
  );
}
