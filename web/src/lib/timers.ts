import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` so relative times ('5m ago') move on by themselves. */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/** A page error that clears itself after `clearAfterMs` (spec section 9: 5 seconds). */
export function usePageError(clearAfterMs = 5_000): [string | null, (message: string | null) => void] {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!error) return;
    const id = setTimeout(() => setError(null), clearAfterMs);
    return () => clearTimeout(id);
  }, [error, clearAfterMs]);
  return [error, setError];
}
