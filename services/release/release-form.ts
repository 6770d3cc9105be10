import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { isDeepStrictEqual } from 'node:util';
import type { Db, DbOrTrx } from '#db/connection.ts';
import type { Database } from '#db/schema.ts';
import { fileKeyOf } from '#domain/cert-flow/documents.ts';
import { RELEASE_STATUS } from '#domain/cert-flow/evaluation.ts';
import type { Locale } from '#domain/i18n.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { releaseFormSchema, type ReleaseForm } from '#domain/release/release-form.ts';
import type { ReleaseFormDetail, ReleaseSaveRequest } from '#domain/release/release-requests.ts';
import { fieldErrors } from '#domain/rfi/sections/index.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { lockNodeInProgress, type CheckedNode } from '#services/cert-flow/node-work.ts';
import { conflict, notFound, ServiceError } from '#domain/errors.ts';
import { requireStoredUrls } from '#services/files/stored-documents.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import { erpContractErrors } from './erp-contract-check.ts';
import { loadReleaseFlow, releaseRuleContext, type ReleaseFlow } from './release-context.ts';
import { loadRelease, requireEditable, type ReleaseRow } from './release-row.ts';
import { detailOf, supplierCodeInfo } from './supplier-code.ts';

/** The release form (req flow §3.16, §4.5, §5.12): read, save (status SAVED), submit for approval. */

export async function releaseFormDetail(db: Db, flowNo: string, staff: StaffPrincipal, locale: Locale): Promise<ReleaseFormDetail> {
  const row = await loadRelease(db, flowNo);
  if (!row) throw notFound('releaseNotStarted');
  const flow = await loadReleaseFlow(db, flowNo);
  const [info, detail, ctx] = await Promise.all([supplierCodeInfo(db, flowNo, staff), detailOf(db, flowNo, row, locale), releaseRuleContext(db, flow)]);
  return {
    ...info,
    ...detail,
    lifeCycle: flow.lifeCycle,
    version: row.version,
    form: row.form,
    rules: { highPotential: ctx.highPotential, effectivePurchaseOrgs: [...ctx.effectivePurchaseOrgs] },
  };
}

/**
 * Saves the form (status SAVED) and its history row in one transaction. Refused with 409 when not
 * started, submitted or approved, or saved by someone else since `version` was read; each file must be
 * a stored one the caller may name. Returns the new version.
 */
export async function saveReleaseForm(db: Db, node: CheckedNode, input: ReleaseSaveRequest, staff: StaffPrincipal): Promise<{ status: number; version: number }> {
  const draft = checkedForm(releaseFormSchema('draft').safeParse(input.form));
  const flow = await loadReleaseFlow(db, node.flowNo);
  return db.transaction().execute(async (trx) => {
    const row = await lockedEditable(trx, node, input.version);
    const form = await withStoredFiles(trx, flow, row, ownedFields(flow, row, draft));
    refuseErpProblems(form, 'lengths');
    return store(trx, row, form, staff);
  });
}

/**
 * Submit (req flow §4.5): every rule of req flow §5.12 (400 'releaseFormInvalid' with the field errors and the
 * form-wide messages), then the save, then the approval is asked for; the approval opening moves the
 * form to SUBMITTED. The saved form stays if the approval cannot start: it is the user's work.
 * Answers once the approval is open (its number on the row, the approver's task written).
 *
 * The same submit sent again — its answer lost to the engine's deadline (503) after its save went in —
 * finds its own save one version on: it asks again with the same update id, which the engine answers
 * like the first, instead of being refused as stale (architecture §4: a retried request is applied once).
 */
export async function submitReleaseForm(deps: { db: Db; flows: FlowGateway }, node: CheckedNode, input: ReleaseSaveRequest, staff: StaffPrincipal): Promise<{ status: number; version: number }> {
  const { db } = deps;
  const flow = await loadReleaseFlow(db, node.flowNo);
  const row = await loadRelease(db, flow.flowNo);
  if (!row) throw conflict('releaseNotStarted');
  const perhapsAgain = row.version === input.version + 1;
  if (!perhapsAgain) requireEditable(row);
  const ctx = await releaseRuleContext(db, flow);
  const form = checkedForm(releaseFormSchema('full', ctx).safeParse(input.form));
  refuseErpProblems(ownedFields(flow, row, form), 'all');
  const version =
    perhapsAgain && (await isStoredForm(db, flow, row, form))
      ? row.version
      : await db.transaction().execute(async (trx) => {
          const locked = await lockedEditable(trx, node, input.version);
          const stored = await withStoredFiles(trx, flow, locked, ownedFields(flow, locked, form));
          return (await store(trx, locked, stored, staff)).version;
        });
  const actor = actorOf(staff);
  await deps.flows.startApproval(flow.flowNo, { kind: 'SUPPLIER_CODE', actor }, `approval:SUPPLIER_CODE:${flow.flowNo}:${version}`);
  await writeHistory(db, {
    relation: flowLogOf(flow.flowNo),
    actor,
    action: 'RELEASE_SUBMIT',
    description: '提交供应商编码审批',
    dedupeKey: `release-submit:${flow.flowNo}:${version}`,
  });
  const now = await loadRelease(db, flow.flowNo);
  return { status: now?.status ?? RELEASE_STATUS.SAVED, version: now?.version ?? version };
}

/** 400 'releaseFormInvalid' with each field's message and the form-wide ones. */
const refused = (errors: Record<string, string>) => new ServiceError('invalid', 'releaseFormInvalid', errors, { messageList: formWideMessages(errors) });

/** The form as its rules read it, or refused. */
function checkedForm(checked: { success: true; data: ReleaseForm } | { success: false; error: z.ZodError }): ReleaseForm {
  if (checked.success) return checked.data;
  throw refused(fieldErrors(checked.error));
}

/** Refused at the fields the ERP would refuse (services/release/erp-contract-check.ts). */
function refuseErpProblems(form: ReleaseForm, scope: 'lengths' | 'all'): void {
  const errors = erpContractErrors(form, scope);
  if (Object.keys(errors).length) throw refused(errors);
}

/** Whether the row holds this form as a save of it would have stored it (the same submit's own save). */
async function isStoredForm(db: Db, flow: ReleaseFlow, row: ReleaseRow, form: ReleaseForm): Promise<boolean> {
  const stored = await withStoredFiles(db, flow, row, ownedFields(flow, row, form));
  // Read back as a load reads it: the JSON round trip drops what JSON does not keep.
  return isDeepStrictEqual(releaseFormSchema('draft').parse(JSON.parse(JSON.stringify(stored))), row.form);
}

/**
 * The messages a refused submit lists (req flow §4.5 messageList): the form-wide one, then those of whole
 * lists ('请至少保留一个默认账号', '已生效的采购组织 … 必填!'), which no single field shows.
 */
function formWideMessages(errors: Record<string, string>): string[] {
  const listLevel = Object.entries(errors).filter(([path]) => !path.includes('.')).map(([, message]) => message);
  return ['releaseFormInvalid', ...new Set(listLevel)];
}

/** The locked row, editable and at the version the caller read (409 otherwise); the write node still in progress. */
async function lockedEditable(trx: Transaction<Database>, node: CheckedNode, version: number): Promise<ReleaseRow> {
  await lockNodeInProgress(trx, node.flowNo, node.nodeCode);
  const row = await loadRelease(trx, node.flowNo, { forUpdate: true });
  requireEditable(row);
  if (row.version !== version) throw conflict('staleVersion');
  return row;
}

/**
 * Fields the server owns: the supplier code (the admitted supplier's, or none until the ERP or a switch
 * gives the official one) and, when the flow has it, the credit code the ERP finds the vendor by.
 */
function ownedFields(flow: ReleaseFlow, row: ReleaseRow, form: ReleaseForm): ReleaseForm {
  return {
    ...form,
    basicInfo: { ...form.basicInfo, supplierCode: row.supplierCode ?? flow.supplierCode ?? undefined, creditCode: flow.creditCode ?? form.basicInfo.creditCode },
  };
}

/**
 * Every bank certificate and document must be a stored file the caller may name (400 'unknownFile' on
 * its field); files already on the saved form keep their place. Names are the stored files' names.
 */
async function withStoredFiles(trx: DbOrTrx, flow: ReleaseFlow, row: ReleaseRow, form: ReleaseForm): Promise<ReleaseForm> {
  const urls: Record<string, string> = {};
  form.bankList.forEach((b, i) => {
    if (b.bankCertificateUrl) urls[`bankList.${i}.bankCertificateUrl`] = b.bankCertificateUrl;
  });
  form.documentList.forEach((d, i) => {
    if (d.documentUrl) urls[`documentList.${i}.documentUrl`] = d.documentUrl;
  });
  const known = new Set(storedKeys(row.form));
  const refs = await requireStoredUrls(trx, { kind: 'staff', flowNo: flow.flowNo }, urls, known);
  return {
    ...form,
    bankList: form.bankList.map((b, i) => {
      const ref = refs[`bankList.${i}.bankCertificateUrl`];
      return ref ? { ...b, bankCertificate: ref.name, bankCertificateUrl: ref.url } : b;
    }),
    documentList: form.documentList.map((d, i) => {
      const ref = refs[`documentList.${i}.documentUrl`];
      return ref ? { ...d, documentName: ref.name, documentUrl: ref.url } : d;
    }),
  };
}

function storedKeys(form: ReleaseForm): string[] {
  const urls = [...form.bankList.map((b) => b.bankCertificateUrl), ...form.documentList.map((d) => d.documentUrl)];
  return urls.flatMap((u) => (u ? (fileKeyOf(u) ?? []) : []));
}

async function store(trx: Transaction<Database>, row: ReleaseRow, form: ReleaseForm, staff: StaffPrincipal): Promise<{ status: number; version: number }> {
  const version = row.version + 1;
  await trx
    .updateTable('supplier_release')
    .set({ form: JSON.stringify(form), status: RELEASE_STATUS.SAVED, version, updated_by: staff.jobNumber, updated_at: new Date() })
    .where('flow_no', '=', row.flowNo)
    .execute();
  await writeHistory(trx, { relation: flowLogOf(row.flowNo), actor: actorOf(staff), action: 'RELEASE_SAVE', description: '保存供应商发布信息' });
  return { status: RELEASE_STATUS.SAVED, version };
}
