import type { Db, DbOrTrx } from '#db/connection.ts';
import { fileKeyOf } from '#domain/cert-flow/documents.ts';
import { withParams } from '#domain/messages.ts';
import { fieldErrors } from '#domain/rfi/sections/index.ts';
import { isBankChange } from '#domain/supplier-change/bank.ts';
import type { ChangeForm, ChangeRecord } from '#domain/supplier-change/change-form.ts';
import { changeSubmitSchema, type ChangeSaveRequest } from '#domain/supplier-change/requests.ts';
import { withRowIds } from '#domain/supplier-change/row-ids.ts';
import { APPROVAL_STATUS, approvalStepsOf, isCancellableChange, isEditableChange, partsOf, type ChangeStatus } from '#domain/supplier-change/status.ts';
import { badRequest, conflict, forbidden, ServiceError } from '#domain/errors.ts';
import { requireStoredUrls } from '#services/files/stored-documents.ts';
import { writeHistory } from '#services/history/write-history.ts';
import type { ChangeApprovalStepInput } from '#workflows/supplier-change-definitions.ts';
import { actorOfCaller, fileReferrerOf, isFactoryAdmin, portalSupplierNo, requirePortalWriter, requireSupplierAccess, type ChangeCaller } from './access.ts';
import { changeApprovers } from './approvers.ts';
import type { ChangeGateway } from './change-gateway.ts';
import { changeLogOf, loadChange, masterOf, nextChangeNo, openChangeOf, requireChangeable, ruleContextOf, type ChangeRowRecord } from './change-rows.ts';
import { issueComparisonCode } from './comparison-code.ts';

/** `factoryMax`: the installation's factory limit (req change §5.2; the default when not given). */
type Deps = { db: Db; changes: ChangeGateway; factoryMax?: number };

/** The supplier a request is about: named by staff (required), the session's own on the supplier side. */
async function supplierOfRequest(db: DbOrTrx, caller: ChangeCaller, supplierNo: string | undefined): Promise<string> {
  if (caller.side === 'supplier') return portalSupplierNo(db, caller.portal, supplierNo);
  if (!supplierNo) throw badRequest('invalidInput', { supplierNo: 'chooseSupplier' });
  return supplierNo;
}

/** The caller may write: supplier side with the collaboration role, staff responsible for the supplier. */
async function requireWriter(db: DbOrTrx, caller: ChangeCaller, supplierNo: string): Promise<void> {
  if (caller.side === 'supplier') requirePortalWriter(caller.portal);
  await requireSupplierAccess(db, caller, supplierNo);
}

/** A change this side may edit: of this supplier, started on this side, saved or rejected. */
function requireEditableBy(change: ChangeRowRecord, caller: ChangeCaller, supplierNo: string): void {
  if (change.supplier_no !== supplierNo) throw forbidden('changeForbidden');
  if (change.side !== caller.side) throw conflict('changeWrongSide');
  if (!isEditableChange(change.status)) throw conflict('changeNotEditable');
}

/** No other open change of the supplier (its row is locked by the caller, so two starts cannot race). */
async function requireNoOtherOpen(db: DbOrTrx, supplierNo: string, flowNo?: string): Promise<void> {
  const open = await openChangeOf(db, supplierNo);
  if (open && open.flow_no !== flowNo) {
    throw new ServiceError('conflict', withParams('changeAlreadyOpen', { flowNo: open.flow_no }), undefined, { flowNo: open.flow_no });
  }
}

/**
 * The new version: the snapshot with the parts this modify type edits on this side replaced by the sent
 * ones (a part left out keeps the snapshot's). Rows the form added get row ids.
 */
function newVersionOf(snapshot: ChangeRecord, form: ChangeForm, side: ChangeCaller['side']): ChangeRecord {
  const after: Record<string, unknown> = { ...snapshot };
  for (const part of partsOf(form.modifyType, side)) {
    const sent = form[part];
    if (sent !== undefined) after[part] = sent;
  }
  return withRowIds(after).record as unknown as ChangeRecord;
}

/** Uploaded files must be stored uploads this caller may name; files already on the snapshot pass. */
async function withStoredFiles(db: DbOrTrx, caller: ChangeCaller, supplierNo: string, snapshot: ChangeRecord, after: ChangeRecord, form: ChangeForm) {
  const urls: Record<string, string> = {};
  after.bankList.forEach((b, i) => {
    if (b.bankCertificateUrl) urls[`bankList.${i}.bankCertificateUrl`] = b.bankCertificateUrl;
  });
  const documents = form.documentList ?? [];
  documents.forEach((d, i) => {
    if (d.documentUrl) urls[`documentList.${i}.documentUrl`] = d.documentUrl;
  });
  const known = new Set(snapshot.bankList.map((b) => fileKeyOf(b.bankCertificateUrl ?? '')).filter((k): k is string => !!k));
  const refs = await requireStoredUrls(db, await fileReferrerOf(db, caller, supplierNo), urls, known);
  const bankList = after.bankList.map((b, i) => {
    const ref = refs[`bankList.${i}.bankCertificateUrl`];
    return ref ? { ...b, bankCertificateUrl: ref.url, bankCertificate: ref.name } : b;
  });
  const documentList = documents.map((d, i) => {
    const ref = refs[`documentList.${i}.documentUrl`];
    return ref ? { ...d, documentUrl: ref.url, documentName: ref.name } : d;
  });
  return { after: { ...after, bankList }, documentList };
}

/** The submit's full rules with the snapshot as context; 400 with every field's message. */
function checkFull(caller: ChangeCaller, snapshot: ChangeRecord, input: ChangeSaveRequest, factoryMax: number | undefined): ChangeForm {
  const checked = changeSubmitSchema(caller.side, ruleContextOf(snapshot, isFactoryAdmin(caller), factoryMax)).safeParse(input);
  if (!checked.success) throw badRequest('invalidInput', fieldErrors(checked.error));
  return checked.data;
}

interface Written {
  flowNo: string;
  status: ChangeStatus;
  round: number;
  supplierNo: string;
  bankChange: boolean;
  steps: ChangeApprovalStepInput[];
  comparison?: { code: string; expiresAt: Date };
}

/**
 * Temp-save and submit in one transaction, with the supplier's row locked: the change (new, or this side's
 * saved or rejected one), one open change per supplier, the snapshot and version, the new version, the
 * bank flag; on submit also the next round's approval steps and a comparison code for the submitter.
 */
async function write(db: Db, caller: ChangeCaller, input: ChangeSaveRequest, submit: boolean, factoryMax?: number): Promise<Written> {
  const supplierNo = await supplierOfRequest(db, caller, input.supplierNo);
  await requireWriter(db, caller, supplierNo);
  const actor = actorOfCaller(caller);
  return db.transaction().execute(async (trx) => {
    const master = await masterOf(trx, supplierNo, true);
    const existing = input.flowNo ? await loadChange(trx, input.flowNo, true) : undefined;
    if (existing) requireEditableBy(existing, caller, supplierNo);
    else requireChangeable(master);
    await requireNoOtherOpen(trx, supplierNo, existing?.flow_no);
    const snapshot = existing ? (existing.snapshot as unknown as ChangeRecord) : master.record;
    const form = submit ? checkFull(caller, snapshot, input, factoryMax) : input;
    const stored = await withStoredFiles(trx, caller, supplierNo, snapshot, newVersionOf(snapshot, form, caller.side), form);
    const bankChange = isBankChange(snapshot, stored.after);
    const flowNo = existing?.flow_no ?? (await nextChangeNo(trx));
    const now = new Date();
    const round = submit ? (existing?.round ?? 0) + 1 : (existing?.round ?? 0);
    const status: ChangeStatus = submit ? 'approving' : 'saved';
    const columns = {
      modify_type: form.modifyType,
      status,
      modify_reason: form.modifyReason ?? null,
      new_version: JSON.stringify(stored.after),
      documents: JSON.stringify(stored.documentList),
      bank_change: bankChange,
      round,
      updated_at: now,
      ...(submit ? { submitted_at: now } : {}),
    };
    if (existing) await trx.updateTable('supplier_change').set(columns).where('flow_no', '=', flowNo).execute();
    else {
      await trx
        .insertInto('supplier_change')
        .values({
          flow_no: flowNo,
          supplier_no: supplierNo,
          side: caller.side,
          submitter_id: actor.id,
          submitter_name: actor.name,
          snapshot: JSON.stringify(snapshot),
          master_version: master.version,
          created_at: now,
          ...columns,
        })
        .execute();
    }
    let steps: ChangeApprovalStepInput[] = [];
    let comparison: Written['comparison'];
    if (submit) {
      steps = (await changeApprovers(trx, supplierNo, actor.id)).slice(0, approvalStepsOf(bankChange));
      if (steps.length < approvalStepsOf(bankChange)) throw conflict('changeApproverMissing');
      await trx
        .insertInto('supplier_change_step')
        .values(
          steps.map((s) => ({
            flow_no: flowNo,
            round,
            seq: s.seq,
            approver_job_number: s.approverJobNumber,
            approver_name: s.approverName,
            status: s.seq === 1 ? APPROVAL_STATUS.INPROGRESS : APPROVAL_STATUS.NOTSTART,
          })),
        )
        .execute();
      comparison = await issueComparisonCode(trx, flowNo, now);
    }
    await writeHistory(trx, {
      relation: changeLogOf(flowNo),
      actor,
      action: submit ? 'changeSubmitted' : 'changeSaved',
      description: submit ? `提交信息变更，审批人 ${steps.map((s) => s.approverName).join('、')}` : '暂存信息变更',
      detail: { modifyType: form.modifyType, side: caller.side, round, bankChange, ...(submit ? { approvers: steps.map((s) => s.approverName) } : {}) },
    });
    return { flowNo, status, round, supplierNo, bankChange, steps, comparison };
  });
}

/** POST supplier-info/temp-save and supplier-inner-edit/temp-save. */
export async function tempSaveChange(deps: { db: Db }, caller: ChangeCaller, input: ChangeSaveRequest): Promise<{ flowNo: string; status: ChangeStatus }> {
  const { flowNo, status } = await write(deps.db, caller, input, false);
  return { flowNo, status };
}

/**
 * POST supplier-info/modify/create and supplier-inner-edit/submit: every rule, then the round's workflow
 * starts after the commit. A retried submit of a round that is already approving (the engine did not answer)
 * starts it again: the workflow id carries the round, so nothing runs twice.
 */
export async function submitChange(deps: Deps, caller: ChangeCaller, input: ChangeSaveRequest): Promise<{ flowNo: string; status: ChangeStatus; comparisonCode: string; comparisonExpiresAt: string }> {
  if (input.flowNo) {
    const change = await loadChange(deps.db, input.flowNo);
    if (change.status === 'approving' && change.side === caller.side) {
      await requireWriter(deps.db, caller, change.supplier_no);
      await startRound(deps, change);
      const code = await issueComparisonCode(deps.db, change.flow_no);
      return { flowNo: change.flow_no, status: change.status, comparisonCode: code.code, comparisonExpiresAt: code.expiresAt.toISOString() };
    }
  }
  const written = await write(deps.db, caller, input, true, deps.factoryMax);
  await deps.changes.startChange({
    flowNo: written.flowNo,
    round: written.round,
    supplierNo: written.supplierNo,
    side: caller.side,
    submitterId: actorOfCaller(caller).id,
    submitterName: actorOfCaller(caller).name,
    bankChange: written.bankChange,
    steps: written.steps,
  });
  return { flowNo: written.flowNo, status: written.status, comparisonCode: written.comparison!.code, comparisonExpiresAt: written.comparison!.expiresAt.toISOString() };
}

/** Starts (again) the workflow of an approving change's current round, from its stored steps. */
async function startRound(deps: Deps, change: ChangeRowRecord): Promise<void> {
  const steps = await deps.db
    .selectFrom('supplier_change_step')
    .select(['seq', 'approver_job_number', 'approver_name'])
    .where('flow_no', '=', change.flow_no)
    .where('round', '=', change.round)
    .orderBy('seq')
    .execute();
  await deps.changes.startChange({
    flowNo: change.flow_no,
    round: change.round,
    supplierNo: change.supplier_no,
    side: change.side,
    submitterId: change.submitter_id,
    submitterName: change.submitter_name,
    bankChange: change.bank_change,
    steps: steps.map((s) => ({ seq: s.seq, approverJobNumber: s.approver_job_number, approverName: s.approver_name })),
  });
}

/**
 * POST …/cancel { flowNo }: the side that started the change cancels it before approval took effect. A saved
 * or rejected change (no workflow runs) is cancelled here; an approving one by its workflow, which records it.
 */
export async function cancelChange(deps: Deps, caller: ChangeCaller, flowNo: string, reason: string | undefined): Promise<{ status: ChangeStatus }> {
  const change = await loadChange(deps.db, flowNo);
  await requireWriter(deps.db, caller, change.supplier_no);
  if (change.side !== caller.side) throw conflict('changeWrongSide');
  if (!isCancellableChange(change.status)) throw conflict('changeNotCancellable');
  const actor = actorOfCaller(caller);
  if (change.status === 'approving') {
    const stillApproving = async () => (await loadChange(deps.db, flowNo)).status === 'approving';
    await deps.changes.cancelChange(change.flow_no, change.round, { actor, reason }, `cancel:${change.flow_no}:${change.round}`, stillApproving);
    return { status: 'approving' };
  }
  await deps.db.transaction().execute(async (trx) => {
    const locked = await loadChange(trx, flowNo, true);
    if (!isCancellableChange(locked.status) || locked.status === 'approving') throw conflict('changeNotCancellable');
    const now = new Date();
    await trx.updateTable('supplier_change').set({ status: 'cancelled', reason: reason ?? null, finished_at: now, updated_at: now }).where('flow_no', '=', flowNo).execute();
    await writeHistory(trx, { relation: changeLogOf(flowNo), actor, action: 'changeCancelled', description: '取消信息变更', detail: { reason: reason ?? null } });
  });
  return { status: 'cancelled' };
}
