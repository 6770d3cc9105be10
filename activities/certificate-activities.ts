import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { runDueCertificateEvents } from '#services/certificates/certificate-watch.ts';
import { applyRenewal } from '#services/certificates/renewal.ts';

/** The certificate watch's look and a renewal's effect on the master; both idempotent. */
export function createCertificateActivities(deps: { db: Db; mailer: Mailer; publicUrl: string }) {
  return {
    /** `now` is the watch's own clock (its workflow time), so a test engine that skips time moves it too. */
    async runDueCertificateEvents(input: { now: number }): Promise<{ handled: number; nextAt: number | null }> {
      return runDueCertificateEvents(deps, new Date(input.now));
    },
    async applyRenewal(input: { renewalNo: string }): Promise<void> {
      await applyRenewal(deps.db, input.renewalNo);
    },
  };
}

export type CertificateActivities = ReturnType<typeof createCertificateActivities>;
