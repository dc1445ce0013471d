import { useEffect, useRef } from 'react';
import {
  useQuery,
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';

/**
 * How often an open screen reads its data again (DESIGN.md, live screens). The live socket refetches a screen the
 * moment a change is pushed; this poll runs beside it as the backstop for a notice that never arrives (one lost while
 * a socket dies between heartbeats, or a change the gateway does not announce), so no open screen stays stale for
 * longer than this.
 */
export const SCREEN_POLL_MS = 30_000;

export interface ScreenRefresh {
  /**
   * Also refetch when the window gets focus and when the tab becomes visible again (the picking list, spec section 2).
   * TanStack Query alone listens to visibility only, and only for data older than its stale time.
   */
  refetchOnReturn?: boolean;
}

/** A screen's query: live pushes refresh it at once, and a 30 s poll beside them catches a lost notice. */
export function useScreenQuery<TQueryFnData, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  { refetchOnReturn = false }: ScreenRefresh = {},
): UseQueryResult<TData, TError> {
  const query = useQuery({ ...options, refetchInterval: SCREEN_POLL_MS });
  const refetch = useRef(query.refetch);
  refetch.current = query.refetch;
  useEffect(() => {
    if (!refetchOnReturn) return;
    const onFocus = () => void refetch.current();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refetch.current();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refetchOnReturn]);
  return query;
}
