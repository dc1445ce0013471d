import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import {
  useQuery,
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { liveStatusAtom } from './live-socket.ts';

/**
 * How often an open screen reads its data again while the live socket is not live (DESIGN.md, live screens). A live
 * socket refetches a screen the moment a change is pushed, and its `ready` after a reconnect refetches every screen
 * (whatever was pushed while it was down); without one, this poll keeps an open screen at most this stale.
 */
export const SCREEN_POLL_MS = 30_000;

export interface ScreenRefresh {
  /**
   * Also refetch when the window gets focus and when the tab becomes visible again (the picking list, spec section 2).
   * TanStack Query alone listens to visibility only, and only for data older than its stale time.
   */
  refetchOnReturn?: boolean;
}

/** A screen's query: live pushes refresh it at once; while the socket is down, a 30 s poll does. */
export function useScreenQuery<TQueryFnData, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  { refetchOnReturn = false }: ScreenRefresh = {},
): UseQueryResult<TData, TError> {
  const live = useAtomValue(liveStatusAtom) === 'live';
  const query = useQuery({ ...options, refetchInterval: live ? false : SCREEN_POLL_MS });
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
