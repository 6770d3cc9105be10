import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { tabStore } from '../../../../shell/tab-store.ts';

/** Spec 2 §4.11: the tab closes 2000 ms after an approval and 1000 ms after a rejection. */
export const CLOSE_AFTER_MS = { pass: 2000, reject: 1000 } as const;

/**
 * Where the reviewer lands after the tab closes. Spec 2 §2.4 names the flow progress page
 * (flowDetailPath in domain/rfi/routes.ts); until that page exists, the flow list.
 */
export function afterReviewHref(_flowNo: string): string {
  return '/cert-flow';
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
