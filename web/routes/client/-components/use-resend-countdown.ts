import { useCallback, useEffect, useLayoutEffect, useState } from 'react';

const storageKey = (temp: string) => `rfi_code_resend_at:${temp}`;

function readResendAt(temp: string): number {
  try {
    return Number(sessionStorage.getItem(storageKey(temp))) || 0;
  } catch {
    return 0;
  }
}

const secondsUntil = (at: number) => Math.max(0, Math.ceil((at - Date.now()) / 1000));

/**
 * Req rfi §2/§9: after a code request the button counts down 120 s. The end time is kept per link in
 * sessionStorage, so a reload does not reopen the button early (the server refuses it anyway).
 */
export function useResendCountdown(temp: string) {
  const [resendAt, setResendAt] = useState(0);
  const [seconds, setSeconds] = useState(0);
  // Read once rendered, not in the render: a page rendered at build knows no storage, and the browser's
  // first render must be the same to take it over. A layout effect still runs before the page is painted.
  useLayoutEffect(() => {
    const at = readResendAt(temp);
    setResendAt(at);
    setSeconds(secondsUntil(at));
  }, [temp]);

  useEffect(() => {
    setSeconds(secondsUntil(resendAt));
    if (resendAt <= Date.now()) return;
    const timer = window.setInterval(() => {
      const left = secondsUntil(resendAt);
      setSeconds(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [resendAt]);

  const start = useCallback(
    (forSeconds: number) => {
      const at = Date.now() + forSeconds * 1000;
      try {
        sessionStorage.setItem(storageKey(temp), String(at));
      } catch {
        // Storage may be unavailable (private mode): the countdown still runs in memory.
      }
      setResendAt(at);
    },
    [temp],
  );

  return { seconds, counting: seconds > 0, start };
}
