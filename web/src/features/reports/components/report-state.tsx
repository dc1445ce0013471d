import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { messageOf } from '../../../lib/api-errors.ts';

/** The loading line or the error box of a report, or null once there is data to show. */
export function ReportState({ query, loading, failure }: { query: UseQueryResult<unknown>; loading: string; failure: string }) {
  if (query.isError && !query.data) {
    return (
      <Alert title="Error">
        {messageOf(query.error, failure)}{' '}
        <Button size="sm" variant="secondary" onPress={() => void query.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  if (!query.data) {
    return (
      <p className="muted" role="status">
        {loading}
      </p>
    );
  }
  return null;
}
