import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delayMs` (spec section 9: order filters wait 500 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(id);
  }, [value, delayMs]);
  return settled;
}
