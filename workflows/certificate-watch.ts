import { condition, continueAsNew, patched, proxyActivities, setHandler } from '@temporalio/workflow';
import type { CertificateActivities } from '#activities/certificate-activities.ts';
import type { RequalificationActivities } from '#activities/requalification-activities.ts';
import { certificatesChangedSignal } from './certificate-definitions.ts';

const acts = proxyActivities<CertificateActivities & RequalificationActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '5 minutes', backoffCoefficient: 2 },
});

/** At the latest a day after a look: a certificate admitted meanwhile is seen within a day even without a signal. */
const LONGEST_SLEEP_MS = 24 * 3_600_000;
/** Looks per run before it continues as new, keeping its history short. */
const LOOKS_PER_RUN = 50;
/**
 * Watches from before requalification looked at certificates only; the patch keeps their replay (style 6). Next:
 * `deprecatePatch` once every watch has continued as new past it (at most LOOKS_PER_RUN looks, about 50 days).
 */
const REQUALIFICATION_PATCH = 'watch-starts-requalifications';

/**
 * The watch over every supplier's certificates (docs/decisions/0053-certificates-kept-valid.md): it looks at the
 * certificates whose reminder (90, 30, 7 days before the end) or end has come, has each handled once (mails in the
 * recipient's language, the purchasing manager's task, an ended certificate expired), then sleeps on a durable timer
 * until the next one falls due — or until a certificate changes (`certificatesChanged`). A restart of the worker or
 * the server loses no timer, and an event recorded once is never handled again. Each look also starts the
 * requalifications that fell due (a category's schedule, a must-have certificate left ended past its grace days:
 * docs/decisions/0055-requalification.md), and sleeps no later than the next one.
 */
export async function certificateWatch(): Promise<void> {
  // Asked in the run's first task, as every patch (run-patches.ts): a run from before replays without it.
  const startsRequalifications = patched(REQUALIFICATION_PATCH);
  let changed = false;
  setHandler(certificatesChangedSignal, () => {
    changed = true;
  });
  for (let look = 0; look < LOOKS_PER_RUN; look++) {
    changed = false;
    const certificates = await acts.runDueCertificateEvents({ now: Date.now() });
    const requalifications = startsRequalifications ? await acts.startDueRequalifications({ now: Date.now() }) : { nextAt: null };
    const nextAt = [certificates.nextAt, requalifications.nextAt].filter((at): at is number => at !== null).sort((a, b) => a - b)[0] ?? null;
    const sleep = Math.min(nextAt === null ? LONGEST_SLEEP_MS : Math.max(nextAt - Date.now(), 1000), LONGEST_SLEEP_MS);
    await condition(() => changed, sleep);
  }
  await continueAsNew<typeof certificateWatch>();
}
