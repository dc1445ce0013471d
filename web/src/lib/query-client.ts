import { QueryClient } from '@tanstack/react-query';
import { QUERY_RETRY_DELAY_MS, retryQuery } from './retries.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: true,
      retry: retryQuery,
      retryDelay: QUERY_RETRY_DELAY_MS,
    },
    mutations: { retry: false },
  },
});
