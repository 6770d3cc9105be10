import crypto from 'node:crypto';
import type { Db } from '#db/connection.ts';
import { fileKeyOf } from '#domain/cert-flow/documents.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { masterRecordOf } from '#domain/supplier-master-record.ts';
import { factory } from './change-form.ts';
import { insertAppliedFlow } from './flow-at-node.ts';
import { contact, validReleaseForm } from './release-form.ts';

/**
 * An accepted supplier as admission leaves it (stage 90, a supplier row with its master, contacts and an
 * accessed category), admitted by a flow whose purchasing manager is E10002 and CMT leader E10010; its
 * contact e-mail is the portal account's.
 */
export async function admittedSupplier(db: Db, opts: { roles?: Record<string, string | null> } = {}) {
  const n = crypto.randomInt(100_000, 999_999);
  const code = `8${n}`;
  const supplierNo = `SN9${n}`;
  const name = `变更测试${n}有限公司`;
  const flow = await insertAppliedFlow(db, { supplierName: name, roles: opts.roles as never });
  const form = validReleaseForm();
  form.basicInfo.supplierName = name;
  form.contactList = [contact(1), contact(2)];
  form.bankList[0].accountName = name;
  form.factoryInfoDtoList = [factory(0)];
  const master = masterRecordOf(form as never, null, code);
  await db
    .insertInto('supplier')
    .values({
      supplier_no: supplierNo,
      supplier_code: code,
      name,
      credit_code: '91310000MA1FL0001X',
      master: JSON.stringify(master),
      master_flow_no: flow.flowNo,
      source_flow_no: flow.flowNo,
    })
    .execute();
  await db.updateTable('cert_flow').set({ stage: STAGE.FINISHED, supplier_no: supplierNo, supplier_code: code, pass_time: new Date() }).where('flow_no', '=', flow.flowNo).execute();
  await db
    .insertInto('supplier_contact')
    .values(form.contactList.map((c: Record<string, string>) => ({ supplier_no: supplierNo, name: c.name!, email: c.email!, area_code: c.contactAreaCode!, phone: c.contactNumber! })))
    .execute();
  // The master's bank certificate is a stored file, as admission leaves it.
  const fileKey = fileKeyOf(form.bankList[0].bankCertificateUrl);
  if (fileKey) {
    await db
      .insertInto('stored_file')
      .values({ file_key: fileKey, file_name: 'c.pdf', content_type: 'application/pdf', size: 1, sha256: '0'.repeat(64), owner_kind: 'staff', owner_id: 'test' })
      .onConflict((oc) => oc.column('file_key').doNothing())
      .execute();
  }
  await db.insertInto('supplier_category').values({ supplier_no: supplierNo, category_code: '101001', flow_no: flow.flowNo }).execute();
  return { flowNo: flow.flowNo, supplierNo, code, name };
}
