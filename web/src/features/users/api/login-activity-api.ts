import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Role } from '@wh/contracts/auth/permissions';
import type { LoginSummary, UserStats } from '@wh/contracts/users/http';
import { apiData } from '../../../lib/api-client.ts';
import { usersKeys } from './users-api.ts';

export type ActivityDays = 7 | 30 | 90;
export type ActivityRole = Role | 'all';

// Under the users root, so the live socket's 'users' topic and the page's refresh cover them too.
export const loginActivityKeys = {
  stats: () => [...usersKeys.all, 'stats'] as const,
  summary: (days: ActivityDays, role: ActivityRole) => [...usersKeys.all, 'login-summary', { days, role }] as const,
};

export const userStatsQuery = () =>
  queryOptions({
    queryKey: loginActivityKeys.stats(),
    queryFn: ({ signal }) =>
      apiData<UserStats>('/users/stats/overview', { defaultMessage: 'Failed to load user statistics', signal }),
  });

export const loginSummaryQuery = (days: ActivityDays, role: ActivityRole) =>
  queryOptions({
    queryKey: loginActivityKeys.summary(days, role),
    queryFn: ({ signal }) =>
      apiData<LoginSummary>('/users/activity/login-summary', {
        query: { days, role: role === 'all' ? undefined : role },
        defaultMessage: 'Failed to load login activity',
        signal,
      }),
    placeholderData: keepPreviousData,
  });
