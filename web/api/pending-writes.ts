/**
 * Writes the server answered 202 (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Under load"): the workflow engine has the decision and is
 * still carrying it out. The flow's reads are refetched until the flow has changed — the node moved on, the task
 * decided — and then everything shown of the flow is read afresh. Followed at most two minutes.
 */
const FOLLOW_MS = 120_000;
export const PENDING_REFETCH_MS = 2_000;

interface Followed {
  until: number;
  /** The flow as shown when the answer came (its detail as JSON), once the first read after it has seen it. */
  seen?: string;
}

const followed = new Map<string, Followed>();

/** The server's 202 body: `{ pending: true, flowNo, message }`. */
export interface PendingAnswer {
  pending: true;
  flowNo: string;
  message: string;
}

export function isPendingAnswer(data: unknown): data is PendingAnswer {
  return typeof data === 'object' && data !== null && (data as { pending?: unknown }).pending === true;
}

/** Called by the API client on a 202, with the flow as the page still shows it. */
export function followPendingWrite(flowNo: string, shown: unknown): void {
  followed.set(flowNo, { until: Date.now() + FOLLOW_MS, seen: shown === undefined ? undefined : JSON.stringify(shown) });
}

/**
 * Whether the flow's detail should be read again: while followed and unchanged since the 202. `onSettled` runs
 * once when the change is seen (or the follow time is over), to refresh the rest of the flow's screens.
 */
export function stillPending(flowNo: string, detail: unknown, onSettled: () => void): boolean {
  const f = followed.get(flowNo);
  if (!f) return false;
  const now = JSON.stringify(detail);
  if (f.seen === undefined) f.seen = now;
  if (now === f.seen && Date.now() < f.until) return true;
  followed.delete(flowNo);
  onSettled();
  return false;
}
