import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { messageOf } from '../lib/api-errors.ts';

/** A query's error box (with Try Again) or its loading line, or null once it has data and no error. */
export function QueryState({ query, loading, failure }: { query: UseQueryResult<unknown>; loading: string; failure: string }) {
  if (query.isError) {
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
