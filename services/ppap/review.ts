import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import type { Locale } from '#domain/i18n.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { daysBetween } from '#domain/certificates/certificate.ts';
import { wireDay } from '#domain/date-time.ts';
import { withParams } from '#domain/messages.ts';
import { dispositionIssue, elementName, INTERIM_DAYS_MAX, requiredElements, type PpapDetail, type PpapDispositionRequest, type PpapLevel, type PpapReviewRequest } from '#domain/ppap/ppap.ts';
import { badRequest, conflict, forbidden } from '#domain/errors.ts';
import { ppapRequestMail } from '#adapters/mail/templates.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { completeNode, isPrincipal, loadNode, lockNodeInProgress, type CheckedNode, type NodeCaller } from '#services/cert-flow/node-work.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import { allAccepted, loadSubmission, toDetail } from './rows.ts';
import { portalPpapLink } from './open.ts';

/** The technical reviewer — the node's principal — reviews and decides (req flow §11.3). */
export const ppapReviewerOnly: NodeCaller = ({ node, staff }) => {
  if (!isPrincipal(node, staff)) throw forbidden('ppapNotReviewer');
};

/** GET /api/v1/ppap/detail. */
export async function ppapDetail(db: Db, flowNo: string, staff: StaffPrincipal, locale: Locale): Promise<PpapDetail> {
  const node = await loadNode(db, flowNo, 'SAMPLE_CERT');
  const loaded = await loadSubmission(db, flowNo);
  const flow = await db.selectFrom('cert_flow').select('supplier_name').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  return toDetail(loaded, { supplierName: flow.supplier_name, nodeStatus: node.status, mayAct: isPrincipal(node, staff), locale });
}

/** POST /api/v1/ppap/level: the level changes only while the supplier has submitted nothing. */
export async function savePpapLevel(db: Db, node: CheckedNode, level: PpapLevel, staff: StaffPrincipal): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockNodeInProgress(trx, node.flowNo, 'SAMPLE_CERT');
    const any = await trx.selectFrom('ppap_element').select('element').where('flow_no', '=', node.flowNo).limit(1).executeTakeFirst();
    if (any) throw conflict('ppapLevelLocked');
    await trx.updateTable('ppap_submission').set({ level, updated_at: new Date() }).where('flow_no', '=', node.flowNo).execute();
    await writeHistory(trx, { relation: flowLogOf(node.flowNo), actor: staff, action: 'PPAP_LEVEL', description: `PPAP 提交等级：${level}`, detail: { nodeCode: 'SAMPLE_CERT', level } });
  });
}

/**
 * POST /api/v1/ppap/review: a submitted element the level asks for is accepted, or returned with a reason the supplier
 * sees (and is mailed). An element the level does not ask for is a 400 naming the field; nothing changes.
 */
export async function reviewPpapElement(deps: { db: Db; mailer: Mailer; publicUrl: string }, node: CheckedNode, input: PpapReviewRequest, staff: StaffPrincipal): Promise<void> {
  const { db } = deps;
  const { flowNo } = node;
  await db.transaction().execute(async (trx) => {
    await lockNodeInProgress(trx, flowNo, 'SAMPLE_CERT');
    const { level } = await trx.selectFrom('ppap_submission').select('level').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    if (!requiredElements(level as PpapLevel).includes(input.element)) throw badRequest('invalidInput', { element: withParams('ppapElementNotInLevel', { level }) });
    const accept = input.decision === 'ACCEPT';
    const updated = await trx
      .updateTable('ppap_element')
      .set({ status: accept ? 'ACCEPTED' : 'RETURNED', return_reason: accept ? null : (input.reason ?? null), reviewed_by: staff.jobNumber, reviewed_at: new Date() })
      .where('flow_no', '=', flowNo)
      .where('element', '=', input.element)
      .where('status', '=', 'SUBMITTED')
      .executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) throw conflict('ppapElementNotSubmitted');
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: accept ? 'PPAP_ELEMENT_ACCEPTED' : 'PPAP_ELEMENT_RETURNED',
      description: accept ? `接受 PPAP 要素：${elementName(input.element, 'zh')}` : `退回 PPAP 要素：${elementName(input.element, 'zh')}，原因：${input.reason}`,
      detail: { nodeCode: 'SAMPLE_CERT', element: input.element, reason: input.reason },
    });
  });
  if (input.decision === 'RETURN') {
    const flow = await db.selectFrom('cert_flow').select(['supplier_name', 'contact_email', 'locale']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    if (!flow.contact_email) return;
    const locale = (flow.locale === 'en' ? 'en' : 'zh') as Locale;
    const { level } = await db.selectFrom('ppap_submission').select('level').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    const mail = ppapRequestMail({
      supplierName: flow.supplier_name,
      level,
      returned: { element: elementName(input.element, locale), reason: input.reason ?? '' },
      link: portalPpapLink(deps.publicUrl, flowNo),
      locale,
    });
    const n = await db.selectFrom('operation_history').select((eb) => eb.fn.countAll<string>().as('n')).where('relation_code', '=', flowNo).where('action', '=', 'PPAP_ELEMENT_RETURNED').executeTakeFirstOrThrow();
    await deps.mailer.send({ dedupeKey: `ppap:${flowNo}:returned:${input.element}:${n.n}`, to: flow.contact_email, locale, ...mail });
  }
}

/**
 * POST /api/v1/ppap/disposition (req flow §11.4): approved or interim approval need every element accepted; an
 * interim approval carries its end date (after today, within a year) and conditions, and is watched from then on;
 * rejected is the node's failure path. Each completes the node.
 */
export async function decidePpap(deps: { db: Db; flows: FlowGateway }, node: CheckedNode, input: PpapDispositionRequest, staff: StaffPrincipal): Promise<void> {
  const { db } = deps;
  const { flowNo } = node;
  const today = wireDay(new Date());
  if (input.disposition === 'INTERIM') {
    const days = daysBetween(today, input.interimUntil!);
    if (days < 1 || days > INTERIM_DAYS_MAX) throw badRequest('invalidInput', { interimUntil: withParams('ppapInterimRange', { max: INTERIM_DAYS_MAX }) });
  }
  await db.transaction().execute(async (trx) => {
    await lockNodeInProgress(trx, flowNo, 'SAMPLE_CERT');
    const issue = dispositionIssue(input.disposition, allAccepted(await loadSubmission(trx, flowNo)));
    if (issue) throw conflict(issue);
    const interim = input.disposition === 'INTERIM';
    await trx
      .updateTable('ppap_submission')
      .set({
        disposition: input.disposition,
        interim_until: interim ? input.interimUntil! : null,
        conditions: interim ? (input.conditions ?? null) : null,
        comment: input.comment ?? null,
        approval_status: input.disposition === 'APPROVED' ? 'APPROVED' : interim ? 'INTERIM' : 'REJECTED',
        decided_by: staff.jobNumber,
        decided_at: new Date(),
        updated_at: new Date(),
      })
      .where('flow_no', '=', flowNo)
      .execute();
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: 'PPAP_DISPOSITION',
      description: `PPAP 处置：${{ APPROVED: '批准', INTERIM: `临时批准至 ${input.interimUntil}`, REJECTED: '拒收' }[input.disposition]}`,
      detail: { nodeCode: 'SAMPLE_CERT', disposition: input.disposition, interimUntil: input.interimUntil, conditions: input.conditions },
    });
  });
  await completeNode(deps, { flowNo, nodeCode: 'SAMPLE_CERT', actor: actorOf(staff), outcome: input.disposition === 'REJECTED' ? 'fail' : 'pass' });
}
