import { queryOptions } from '@tanstack/react-query';
import type { UserStats } from '@wh/contracts/users/http';
import { apiData } from '../../../lib/api-client.ts';

// Manager-only System Overview figures that exist today. Orders and styles join when their read models do.
export const userOverviewQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'user-stats'],
    queryFn: () => apiData<UserStats>('/users/stats/overview', { defaultMessage: 'Failed to load dashboard data' }),
    refetchInterval: 30_000,
  });
