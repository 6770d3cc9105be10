import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { runDueCertificateEvents } from '#services/certificates/certificate-watch.ts';
import { applyRenewal } from '#services/certificates/renewal.ts';
import { runDueInterimApprovals } from '#services/ppap/interim-watch.ts';
import { dayStart } from '#domain/date-time.ts';

/** The certificate watch's look and a renewal's effect on the master; both idempotent. */
export function createCertificateActivities(deps: { db: Db; mailer: Mailer; publicUrl: string }) {
  return {
    /** `now` is the watch's own clock (its workflow time), so a test engine that skips time moves it too. */
    async runDueCertificateEvents(input: { now: number }): Promise<{ handled: number; nextAt: number | null }> {
      // Interim PPAP approvals are watched in the same look (req flow §11.4): the next event is the nearer of both.
      const certificates = await runDueCertificateEvents(deps, new Date(input.now));
      const interim = await runDueInterimApprovals(deps, new Date(input.now));
      const nextAt = [certificates.nextAt, interim.nextDay === null ? null : dayStart(interim.nextDay)].filter((at): at is number => at !== null);
      return { handled: certificates.handled + interim.handled, nextAt: nextAt.length ? Math.min(...nextAt) : null };
    },
    async applyRenewal(input: { renewalNo: string }): Promise<void> {
      await applyRenewal(deps.db, input.renewalNo);
    },
  };
}

export type CertificateActivities = ReturnType<typeof createCertificateActivities>;
