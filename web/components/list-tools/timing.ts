/**
 * Timing rules of the shell's lists (req shell §4, §9): a loading indicator stays at least 300 ms once
 * shown, so a quick answer does not flash it; a page change is sent 100 ms after the last click, so
 * clicking through pages asks only for the page the user stops at.
 */
export const MIN_LOADING_MS = 300;
export const PAGE_CHANGE_DEBOUNCE_MS = 100;

/** How long a shown indicator must still stay when loading ends `elapsed` ms after it appeared. */
export const remainingDisplay = (elapsed: number, min = MIN_LOADING_MS): number => Math.max(0, min - elapsed);

/** Calls `fn` with the last arguments once `ms` have passed without another call; `cancel` drops a pending call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): ((...args: A) => void) & { cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const call = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  return Object.assign(call, { cancel: () => clearTimeout(timer) });
}
