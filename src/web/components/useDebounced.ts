import { useEffect, useState } from 'react';

/** Waits for typing to pause before searching, so each keystroke does not cost a request. */
export function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
