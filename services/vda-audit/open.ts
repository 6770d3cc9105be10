import type { Db } from '#db/connection.ts';
import type { VdaElement } from '#domain/vda63/catalogue.ts';
import { currentCatalogue } from './catalogue.ts';

/**
 * Opens the flow's VDA 6.3 audit over the scenario's elements with the catalogue's newest version, which it keeps.
 * Idempotent: a retried activity adds nothing and keeps the version first taken.
 */
export async function openVdaAudit(db: Db, flowNo: string, elements: readonly VdaElement[]): Promise<void> {
  const catalogue = await currentCatalogue(db);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('vda_audit').values({ flow_no: flowNo, catalogue_version: catalogue.version }).onConflict((oc) => oc.column('flow_no').doNothing()).execute();
    await trx
      .insertInto('vda_audit_element')
      .values(elements.map((element) => ({ flow_no: flowNo, element, expert_job_number: null, expert_name: null })))
      .onConflict((oc) => oc.columns(['flow_no', 'element']).doNothing())
      .execute();
  });
}
