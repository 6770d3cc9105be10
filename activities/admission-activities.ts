import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { admitSupplier } from '#services/admission/admit.ts';

/**
 * The end of a certified flow: its supplier is admitted (services/admission/admit.ts). Answers the
 * flow's supplier code, which the workflow keeps as its SupplierCode search attribute.
 */
export function createAdmissionActivities(deps: { db: Db; mailer: Mailer; publicUrl: string }) {
  return {
    async admitSupplier(input: { flowNo: string }): Promise<{ supplierCode: string }> {
      return admitSupplier(deps, input.flowNo);
    },
  };
}

export type AdmissionActivities = ReturnType<typeof createAdmissionActivities>;
