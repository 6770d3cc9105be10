import { useEffect, useRef, useState } from 'react';
import { remainingDisplay } from './timing.ts';

/**
 * `loading`, held true for at least 300 ms from when it became true (req shell §4: the loading
 * indicator is visible at least 300 ms), so a fast request shows a short, steady indicator
 * instead of a flicker.
 */
export function useMinimumLoading(loading: boolean): boolean {
  const [shown, setShown] = useState(loading);
  const since = useRef<number | null>(loading ? Date.now() : null);
  useEffect(() => {
    if (loading) {
      since.current ??= Date.now();
      setShown(true);
      return;
    }
    if (since.current === null) return;
    const timer = setTimeout(() => {
      since.current = null;
      setShown(false);
    }, remainingDisplay(Date.now() - since.current));
    return () => clearTimeout(timer);
  }, [loading]);
  return loading || shown;
}
