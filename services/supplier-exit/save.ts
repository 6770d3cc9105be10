import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { withParams } from '#domain/messages.ts';
import { isRunningStage, type ExitSaveRequest } from '#domain/supplier-exit/exit.ts';
import { flowDetailPath } from '#domain/rfi/routes.ts';
import { ServiceError } from '#domain/errors.ts';
import { writeHistory } from '#services/history/write-history.ts';
import type { ExitGateway } from './exit-gateway.ts';
import { checkExitForm, requireSponsorDraft } from './exit-form.ts';
import { exitLogOf, loadExit, nextExitNo } from './exit-rows.ts';
import { exitApprover, scopeCategoryCodes } from './approver.ts';
import { openExitTask } from './exit-task.ts';

type Documents = Awaited<ReturnType<typeof checkExitForm>>;

/** The form's columns of an exit row. */
const formColumns = (input: ExitSaveRequest, documents: Documents) => ({
  supplier_no: input.supplierNo,
  scope: input.exitScope,
  category_codes: JSON.stringify(input.categoryCodes),
  exit_category: input.exitCategory ?? null,
  exit_types: JSON.stringify(input.exitTypes),
  reason: input.reason ?? null,
  documents: JSON.stringify(documents),
});

/** The draft named by the request (the sponsor's own, still a draft), or none for a new exit. */
async function draftOf(db: Db, input: ExitSaveRequest, staff: StaffPrincipal) {
  if (!input.flowNo) return undefined;
  const exit = await loadExit(db, input.flowNo);
  requireSponsorDraft(exit, staff);
  return exit;
}

/** POST /v1/supplier-exit/save: a new draft (the caller is its sponsor) or the sponsor's draft changed. */
export async function saveExit(deps: { db: Db }, input: ExitSaveRequest, staff: StaffPrincipal, locale: Locale): Promise<{ flowNo: string }> {
  const { db } = deps;
  const draft = await draftOf(db, input, staff);
  const documents = await checkExitForm(db, input, draft?.flow_no, locale);
  const flowNo = draft?.flow_no ?? (await nextExitNo(db));
  await db.transaction().execute(async (trx) => {
    if (draft) {
      await trx.updateTable('supplier_exit').set({ ...formColumns(input, documents), updated_at: new Date() }).where('flow_no', '=', flowNo).execute();
    } else {
      await trx
        .insertInto('supplier_exit')
        .values({ flow_no: flowNo, ...formColumns(input, documents), sponsor_job_number: staff.jobNumber, sponsor_name: staff.name })
        .execute();
    }
    await writeHistory(trx, { relation: exitLogOf(flowNo), actor: actorOf(staff), action: 'exitSaved', description: '保存退出申请' });
  });
  return { flowNo };
}

/**
 * POST /v1/supplier-exit/submit: the complete form, saved and sent for approval. A whole-supplier exit
 * is refused while one of the supplier's certification flows runs (the refusal names it and links to
 * it). The exit's workflow starts after the commit; a retried submit of the sponsor's submitted exit
 * starts it again (the same workflow id: nothing twice).
 */
export async function submitExit(deps: { db: Db; exits: ExitGateway }, input: ExitSaveRequest, staff: StaffPrincipal, locale: Locale): Promise<{ flowNo: string }> {
  const { db } = deps;
  if (input.flowNo) {
    const exit = await loadExit(db, input.flowNo);
    if (exit.status === 'submitted' && exit.sponsor_job_number === staff.jobNumber && exit.approver_job_number) {
      await deps.exits.start({
        flowNo: exit.flow_no,
        sponsorJobNumber: exit.sponsor_job_number,
        approverJobNumber: exit.approver_job_number,
        sponsorName: exit.sponsor_name,
        ...(exit.approver_name ? { approverName: exit.approver_name } : {}),
      });
      return { flowNo: exit.flow_no };
    }
  }
  const draft = await draftOf(db, input, staff);
  const documents = await checkExitForm(db, input, draft?.flow_no, locale);
  if (input.exitScope === 'SUPPLIER') await refuseWhileFlowRuns(db, input.supplierNo);
  const approver = await exitApprover(db, await scopeCategoryCodes(db, input.supplierNo, input.exitScope, input.categoryCodes));
  const flowNo = draft?.flow_no ?? (await nextExitNo(db));
  const submitted = {
    ...formColumns(input, documents),
    status: 'submitted' as const,
    approver_job_number: approver.jobNumber,
    approver_name: approver.name,
    submitted_at: new Date(),
    updated_at: new Date(),
  };
  await db.transaction().execute(async (trx) => {
    if (draft) await trx.updateTable('supplier_exit').set(submitted).where('flow_no', '=', flowNo).where('status', '=', 'draft').execute();
    else await trx.insertInto('supplier_exit').values({ flow_no: flowNo, ...submitted, sponsor_job_number: staff.jobNumber, sponsor_name: staff.name }).execute();
    await openExitTask(trx, { flowNo, approverJobNumber: approver.jobNumber });
    await writeHistory(trx, {
      relation: exitLogOf(flowNo),
      actor: actorOf(staff),
      action: 'exitSubmitted',
      description: `提交退出申请，审批人 ${approver.name}`,
      detail: { approver: approver.name },
    });
  });
  await deps.exits.start({ flowNo, sponsorJobNumber: staff.jobNumber, approverJobNumber: approver.jobNumber, sponsorName: staff.name, approverName: approver.name });
  return { flowNo };
}

/** Req exit §2.3 (issue): a whole-supplier exit waits until none of its certification flows runs. */
export async function refuseWhileFlowRuns(db: Db, supplierNo: string): Promise<void> {
  const flows = await db.selectFrom('cert_flow').select(['flow_no', 'stage']).where('supplier_no', '=', supplierNo).orderBy('flow_no').execute();
  const running = flows.find((f) => isRunningStage(f.stage));
  if (running) {
    throw new ServiceError('conflict', withParams('exitBlockedByRunningFlow', { flowNo: running.flow_no }), undefined, {
      flowNo: running.flow_no,
      link: flowDetailPath(running.flow_no),
    });
  }
}
