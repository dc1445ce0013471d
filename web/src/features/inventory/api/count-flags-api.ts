import { queryOptions } from '@tanstack/react-query';
import type { CountFlagList } from '@wh/contracts/inventory/count-flags';
import { apiData } from '../../../lib/api-client.ts';

/** The locations flagged for a count (short picks), newest first; under 'inventory', refreshed by its live pushes. */
export const countFlagsQuery = () =>
  queryOptions({
    queryKey: ['inventory', 'count-flags'] as const,
    queryFn: ({ signal }) => apiData<CountFlagList>('/inventory/count-flags', { defaultMessage: 'Failed to fetch the locations to count', signal }),
  });
