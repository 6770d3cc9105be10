import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { admitSupplier } from '#services/admission/admit.ts';

/**
 * The end of a certified flow: its supplier is admitted (services/admission/admit.ts). Answers the
 * flow's supplier code, which the workflow keeps as its SupplierCode search attribute.
 */
export function createAdmissionActivities(deps: { db: Db; mailer: Mailer; publicUrl: string }) {
  return {
    async admitSupplier(input: { flowNo: string }): Promise<{ supplierCode: string | null }> {
      await admitSupplier(deps, input.flowNo);
      const flow = await deps.db.selectFrom('cert_flow').select('supplier_code').where('flow_no', '=', input.flowNo).executeTakeFirstOrThrow();
      return { supplierCode: flow.supplier_code };
    },
  };
}

export type AdmissionActivities = ReturnType<typeof createAdmissionActivities>;
