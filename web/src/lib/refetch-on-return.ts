import { useEffect, useRef } from 'react';

/**
 * Calls `refetch` when the window gets focus and when the tab becomes visible again (the picking list,
 * spec section 2). TanStack Query alone listens to visibility only.
 */
export function useRefetchOnReturn(refetch: () => void): void {
  const ref = useRef(refetch);
  ref.current = refetch;
  useEffect(() => {
    const onFocus = () => ref.current();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') ref.current();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
