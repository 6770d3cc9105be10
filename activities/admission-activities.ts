import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { admitSupplier } from '#services/admission/admit.ts';

/** The end of a certified flow: its supplier is admitted (services/admission/admit.ts). */
export function createAdmissionActivities(deps: { db: Db; mailer: Mailer; publicUrl: string }) {
  return {
    /** Answers the supplier code, for the flow's SupplierCode search attribute. */
    async admitSupplier(input: { flowNo: string }): Promise<{ supplierCode: string }> {
      return admitSupplier(deps, input.flowNo);
    },
  };
}

export type AdmissionActivities = ReturnType<typeof createAdmissionActivities>;
