import { APPROVAL_STATUS } from '#domain/supplier-change/status.ts';
import crypto from 'node:crypto';
import type { Db } from '#db/connection.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { releaseFormSchema, type ReleaseForm } from '#domain/release/release-form.ts';
import { isBankChange } from '#domain/supplier-change/bank.ts';
import { withRowIds } from '#domain/supplier-change/row-ids.ts';
import type { ModifyType } from '#domain/supplier-change/status.ts';
import { masterRecordOf } from '#domain/supplier-master-record.ts';
import { erpVendorOf } from '#services/release/erp-release.ts';
import { changeApprovers } from '#services/supplier-change/approvers.ts';
import { approvalStepsOf } from '#domain/supplier-change/status.ts';
import type { SupplierChangeInput } from '#workflows/supplier-change-definitions.ts';
import { newTaxNumber } from './erp-vendors.ts';
import { testErp } from './erp.ts';
import { insertAppliedFlow, type FlowOptions } from './flow-at-node.ts';
import { contact, nonEuBank, validReleaseForm, type FormData } from './release-form.ts';

/** The master with row ids, as a change reads and edits it (rows loosely typed, as a form sends them). */
export interface Master {
  basicInfo: FormData;
  contactList: FormData[];
  bankList: FormData[];
  invoice: FormData;
  [part: string]: unknown;
}

export interface AdmittedSupplier {
  supplierNo: string;
  supplierCode: string;
  /** The certification flow that admitted it: purchasing manager E10002, CMT leader E10010. */
  flowNo: string;
  master: Master;
}

/**
 * For the change process's suites (change-fixtures.ts has the form's): an accepted supplier as admission
 * leaves it, with its vendor in the ERP simulator: a finished certification flow (its purchasing manager and
 * CMT leader are the change's approvers), the vendor in the test run's ERP simulator, the supplier row with
 * its master (row ids on every list row, version 1) and its contacts on file.
 */
export async function admittedSupplier(db: Db, opts: { roles?: FlowOptions['roles'] } = {}): Promise<AdmittedSupplier> {
  const { flowNo } = await insertAppliedFlow(db, { roles: opts.roles });
  const form = releaseFormSchema('full').parse({
    ...validReleaseForm(),
    basicInfo: { ...validReleaseForm().basicInfo, creditCode: newTaxNumber() },
    contactList: [contact(0), contact(1)],
  }) as ReleaseForm;
  const vendor = await testErp().createVendor(erpVendorOf(form), `fixture-${flowNo}`);
  const master = withRowIds(masterRecordOf(form, null, vendor.supplier)).record as unknown as Master;
  const supplierNo = `SNC${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  await db
    .insertInto('supplier')
    .values({
      supplier_no: supplierNo,
      supplier_code: vendor.supplier,
      name: form.basicInfo.supplierName ?? '',
      credit_code: form.basicInfo.creditCode ?? '',
      master: JSON.stringify(master),
      master_flow_no: flowNo,
      source_flow_no: flowNo,
    })
    .execute();
  await db
    .insertInto('supplier_contact')
    .values(master.contactList.map((c) => ({ supplier_no: supplierNo, name: c.name ?? '', email: c.email ?? null, area_code: c.contactAreaCode ?? '+86', phone: c.contactNumber ?? '', position: c.position ?? null })))
    .execute();
  await db.updateTable('cert_flow').set({ supplier_no: supplierNo, supplier_code: vendor.supplier, stage: STAGE.FINISHED }).where('flow_no', '=', flowNo).execute();
  return { supplierNo, supplierCode: vendor.supplier, flowNo, master };
}

/** A new bank account row (not the default), with its certificate. */
export function addedBank(n: number): FormData {
  return { ...nonEuBank(n), rowId: crypto.randomUUID(), bankCertificateUrl: `/common/v1/simple-download?fileKey=2026%2F11%2F${'1'.repeat(31)}${n}&fileName=new.pdf` };
}

/**
 * A change as a submit leaves it (status approving, round 1, its steps assigned): the snapshot is the
 * master now, the new version what `edit` makes of it; the bank flag as the rule computes it. Answers the
 * workflow's input; the workflow is not started.
 */
export async function submittedChange(
  db: Db,
  supplier: AdmittedSupplier,
  opts: { edit: (m: Master) => Master; modifyType?: ModifyType; side?: 'supplier' | 'staff'; submitterId?: string; submitterName?: string },
): Promise<SupplierChangeInput> {
  const row = await db.selectFrom('supplier').select(['master', 'master_version']).where('supplier_no', '=', supplier.supplierNo).executeTakeFirstOrThrow();
  const snapshot = row.master as unknown as Master;
  const after = opts.edit(structuredClone(snapshot));
  const bankChange = isBankChange(snapshot, after);
  const flowNo = `CHT${Date.now()}${crypto.randomBytes(2).toString('hex').toUpperCase()}`;
  await db
    .insertInto('supplier_change')
    .values({
      flow_no: flowNo,
      supplier_no: supplier.supplierNo,
      modify_type: opts.modifyType ?? 'all',
      side: opts.side ?? 'staff',
      status: 'approving',
      submitter_id: opts.submitterId ?? 'E10003',
      submitter_name: opts.submitterName ?? '周婷',
      modify_reason: '联系人与银行账户更新',
      snapshot: JSON.stringify(snapshot),
      new_version: JSON.stringify(after),
      master_version: row.master_version,
      bank_change: bankChange,
      round: 1,
      submitted_at: new Date(),
    })
    .execute();
  const side = opts.side ?? 'staff';
  const submitterId = opts.submitterId ?? 'E10003';
  const steps = (await changeApprovers(db, supplier.supplierNo, submitterId)).slice(0, approvalStepsOf(bankChange));
  // As the submit stores them (services/supplier-change/save.ts): the first step shown open at once.
  const stepRows = steps.map((s) => ({
    flow_no: flowNo,
    round: 1,
    seq: s.seq,
    approver_job_number: s.approverJobNumber,
    approver_name: s.approverName,
    status: s.seq === 1 ? APPROVAL_STATUS.INPROGRESS : APPROVAL_STATUS.NOTSTART,
  }));
  await db.insertInto('supplier_change_step').values(stepRows).execute();
  return { flowNo, round: 1, supplierNo: supplier.supplierNo, side, submitterId, submitterName: opts.submitterName ?? '周婷', bankChange, steps };
}
