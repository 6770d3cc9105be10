import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { flowDetailPath } from '#domain/rfi/routes.ts';
import { tabStore } from '#web/shell/tab-store.ts';

/** Req flow §4.11: the tab closes 2000 ms after an approval and 1000 ms after a rejection. */
export const CLOSE_AFTER_MS = { pass: 2000, reject: 1000 } as const;

/** Where the reviewer lands after the tab closes, after approve and reject alike (req flow §2.4). */
function afterReviewHref(flowNo: string): string {
  return flowDetailPath(flowNo);
}

/**
 * Closes this page's tab after a decision and opens the page the reviewer goes back to.
 * Leaving the page earlier cancels it, so a reviewer who moved on is not pulled back.
 */
export function useCloseAfterReview(tabPath: string) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (decision: keyof typeof CLOSE_AFTER_MS, flowNo: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void navigate({ href: afterReviewHref(flowNo), replace: true });
      tabStore.close(tabPath);
    }, CLOSE_AFTER_MS[decision]);
  };
}
