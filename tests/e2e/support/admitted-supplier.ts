import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import type { RunningStack } from '#infra/stack.ts';
import { connectFlowEngine } from './flow-engine.ts';

/** The file key of the bank certificate in tests/support/release-form.ts. */
const RELEASE_CERTIFICATE_KEY = '2026/11/00000000000000000000000000000000';

export interface AdmittedSupplier {
  flowNo: string;
  supplierNo: string;
  supplierCode: string;
  /** The portal account's e-mail (the flow's contact). */
  email: string;
}

/**
 * A supplier admitted the way the product admits one: a certification flow driven through its workflow
 * from the RFI to stage 90 (the supplier code from the ERP at KCP2, a short publicity), so its master,
 * its ERP vendor and its portal account are the real ones. The screens of that path have their own story.
 */
export async function admitSupplierThroughFlow(stack: RunningStack): Promise<AdmittedSupplier> {
  const engine = await connectFlowEngine(stack);
  try {
    const { drive } = engine;
    const { flowNo, handle } = await drive.start();
    await drive.shortenPublicity(flowNo, 2);
    let state = await drive.passRfi(flowNo, handle);
    const after = STANDARD_PLANS.NEW_SUPPLIER.map((n) => n.nodeCode).slice(STANDARD_PLANS.NEW_SUPPLIER.findIndex((n) => n.nodeCode === 'APTITUDE'));
    for (const node of after) {
      if (node === 'KCP2') await drive.obtainSupplierCode(flowNo);
      state = node === 'PUBLICITY' ? await drive.openState(handle, 'RELEASE') : await drive.complete(flowNo, handle, node);
    }
    if (state.stage !== 90) throw new Error(`flow ${flowNo} ended at stage ${state.stage}`);
    // The test release form names a stand-in bank certificate; make it the stored staff upload the release
    // screen would have made, so a change that keeps the account hands in a file the platform knows.
    await stack.db.db
      .insertInto('stored_file')
      .values({ file_key: RELEASE_CERTIFICATE_KEY, file_name: 'c.pdf', content_type: 'application/pdf', size: 1, sha256: '0'.repeat(64), owner_kind: 'staff', owner_id: 'E10002' })
      .onConflict((oc) => oc.column('file_key').doNothing())
      .execute();
    const flow = await stack.db.db
      .selectFrom('cert_flow')
      .select(['supplier_no', 'supplier_code', 'contact_email'])
      .where('flow_no', '=', flowNo)
      .executeTakeFirstOrThrow();
    return { flowNo, supplierNo: flow.supplier_no!, supplierCode: flow.supplier_code!, email: flow.contact_email! };
  } finally {
    await engine.connection.close();
  }
}

/** The vendor as the run's ERP simulator holds it: its bank account numbers (the ERP splits one longer than 18 characters). */
export async function erpVendorAccounts(stack: RunningStack, supplierCode: string): Promise<string[]> {
  const res = await fetch(`${stack.erpUrl}/sap/opu/odata/sap/API_BUSINESS_PARTNER/A_BusinessPartner('${supplierCode}')?$expand=to_BusinessPartnerBank&$format=json`);
  type Bank = { BankAccount?: string; BankAccountReferenceText?: string; IBAN?: string };
  const body = (await res.json()) as { d: { to_BusinessPartnerBank?: { results?: Bank[] } } };
  return (body.d.to_BusinessPartnerBank?.results ?? []).map((b) => b.IBAN || `${b.BankAccount ?? ''}${b.BankAccountReferenceText ?? ''}`);
}
