import { useEffect, useState } from 'react';

/** The countdown of the publicity period (req flow §2.3): days, hours, minutes and seconds to the task's end time. */

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** The end time has passed. */
  over: boolean;
}

/** What is left of `ms` milliseconds, in whole units; nothing once it has passed. */
export function splitRemaining(ms: number): Remaining {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
    over: total === 0,
  };
}

/**
 * How far the browser's clock is behind the server's: the server's `now` against the browser's clock
 * when the answer arrived. Adding it to the browser's clock gives the server's time, so a wrong
 * computer clock does not change the countdown.
 */
export function clockSkew(serverNow: string, receivedAt: number): number {
  return Date.parse(serverNow) - receivedAt;
}

/** The remaining time to `endTime`, ticking every second on the server's time. */
export function useCountdown(endTime: string, skewMs: number): Remaining {
  const end = Date.parse(endTime);
  const [remaining, setRemaining] = useState(() => splitRemaining(end - (Date.now() + skewMs)));
  useEffect(() => {
    const tick = () => setRemaining(splitRemaining(end - (Date.now() + skewMs)));
    tick();
    const timer = setInterval(tick, 1_000);
    return () => clearInterval(timer);
  }, [end, skewMs]);
  return remaining;
}
