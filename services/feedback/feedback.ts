import type { Db, DbOrTrx } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { feedbackAnswerMail } from '#adapters/mail/feedback-mails.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { formatWireDateTime } from '#domain/date-time.ts';
import { FEEDBACK_TYPE_LABELS, type FeedbackAddRequest, type FeedbackStatus, type FeedbackType, type FeedbackView } from '#domain/feedback/feedback.ts';
import type { Page, PageQuery } from '#domain/fields.ts';
import { LOCALES, type Locale } from '#domain/i18n.ts';
import { actorOf, type Actor, type PortalPrincipal, type StaffPrincipal } from '#domain/identity.ts';
import { conflict, forbidden, notFound } from '#domain/errors.ts';
import { portalFileOwnerId, type FileOwner } from '#services/files/file-owner.ts';
import { requireStoredUrls } from '#services/files/stored-documents.ts';
import { writeHistory, type HistoryRelation } from '#services/history/write-history.ts';

/**
 * Feedback (req shell §2.7, §3.5, §5.4, §7.6; docs/decisions/0039-feedback.md): staff and supplier portal
 * accounts send it; the sender sees its own; administrators list, answer (the sender is mailed) and
 * close it. Every change writes its history row in the same transaction.
 */

const logOf = (id: number): HistoryRelation => ({ type: RELATION_TYPE.FEEDBACK, code: String(id) });

/** Who sends feedback: staff by staff id, a supplier by its portal account; anyone else is refused. */
export type Sender = { kind: 'staff' | 'portal'; id: string; name: string; email: string | null; files: FileOwner; actor: Actor };

export async function senderOf(db: DbOrTrx, caller: { staff?: StaffPrincipal; portal?: PortalPrincipal }): Promise<Sender> {
  if (caller.staff) {
    const row = await db.selectFrom('staff').select(['email']).where('id', '=', caller.staff.id).executeTakeFirstOrThrow();
    return { kind: 'staff', id: caller.staff.id, name: caller.staff.name, email: row.email || null, files: { kind: 'staff', id: caller.staff.id }, actor: actorOf(caller.staff) };
  }
  if (caller.portal) {
    const p = caller.portal;
    return { kind: 'portal', id: p.accountId, name: p.supplierName, email: p.email, files: { kind: 'supplier', id: portalFileOwnerId(p.accountId) }, actor: { id: `account:${p.accountId}`, name: p.supplierName } };
  }
  throw forbidden('feedbackSendersOnly');
}

/** Stores a feedback; its files must be the sender's own uploads (400 on `fileUrlList.<i>`). */
export async function addFeedback(db: Db, sender: Sender, input: FeedbackAddRequest): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    const refs = await requireStoredUrls(trx, { kind: 'uploader', owner: sender.files }, Object.fromEntries(input.fileUrlList.map((u, i) => [`fileUrlList.${i}`, u])));
    const files = input.fileUrlList.map((_, i) => refs[`fileUrlList.${i}`]!);
    const { id } = await trx
      .insertInto('feedback')
      .values({
        type: input.type,
        context: input.context,
        files: JSON.stringify(files),
        app_id: input.appId ?? null,
        open_id: input.openId ?? null,
        sender_kind: sender.kind,
        sender_id: sender.id,
        sender_name: sender.name,
        sender_email: sender.email,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeHistory(trx, { relation: logOf(id), actor: sender.actor, action: 'feedbackAdded', description: '提交意见反馈', detail: { type: input.type, files: files.length } });
    return { id };
  });
}

const selectFeedback = (db: DbOrTrx) => db.selectFrom('feedback').selectAll();
type Row = Awaited<ReturnType<ReturnType<typeof selectFeedback>['executeTakeFirstOrThrow']>>;

function viewOf(r: Row): FeedbackView {
  return {
    id: r.id,
    type: r.type as FeedbackType,
    context: r.context,
    fileList: r.files,
    status: r.status,
    senderKind: r.sender_kind,
    senderName: r.sender_name,
    senderEmail: r.sender_email,
    answer: r.answer,
    answeredByName: r.answered_by_name,
    answeredAt: r.answered_at ? formatWireDateTime(new Date(r.answered_at)) : null,
    createTime: formatWireDateTime(new Date(r.created_at)),
  };
}

async function pageOf(db: Db, where: (q: ReturnType<typeof selectFeedback>) => ReturnType<typeof selectFeedback>, page: PageQuery): Promise<Page<FeedbackView>> {
  const all = await where(selectFeedback(db)).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.pageSize).offset((page.currentPage - 1) * page.pageSize).execute();
  const { total } = await where(selectFeedback(db))
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return { records: all.map(viewOf), total: Number(total) };
}

/** The sender's own feedback, newest first: never another's. */
export function myFeedbackPage(db: Db, sender: Sender, page: PageQuery): Promise<Page<FeedbackView>> {
  return pageOf(db, (q) => q.where('sender_kind', '=', sender.kind).where('sender_id', '=', sender.id), page);
}

/**
 * One feedback of the sender with its answer. Another sender's feedback answers as a missing one (404), so
 * an id tells nobody whether it exists.
 */
export async function myFeedback(db: Db, sender: Sender, id: number): Promise<FeedbackView> {
  const row = await selectFeedback(db).where('id', '=', id).where('sender_kind', '=', sender.kind).where('sender_id', '=', sender.id).executeTakeFirst();
  if (!row) throw notFound('feedbackNotFound');
  return viewOf(row);
}

/** Every feedback for administrators, optionally of one status. */
export function feedbackPage(db: Db, page: PageQuery & { status?: FeedbackStatus }): Promise<Page<FeedbackView>> {
  return pageOf(db, (q) => (page.status ? q.where('status', '=', page.status) : q), page);
}

async function lockOpen(trx: DbOrTrx, id: number): Promise<Row> {
  const row = await selectFeedback(trx).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('feedbackNotFound');
  if (row.status === 'CLOSED') throw conflict('feedbackClosed');
  return row;
}

async function senderLocale(db: DbOrTrx, row: Row): Promise<Locale> {
  const found =
    row.sender_kind === 'staff'
      ? await db.selectFrom('staff').select('locale').where('id', '=', row.sender_id).executeTakeFirst()
      : await db.selectFrom('supplier_account').select('locale').where('id', '=', row.sender_id).executeTakeFirst();
  return (LOCALES as readonly string[]).includes(found?.locale ?? '') ? (found!.locale as Locale) : 'zh';
}

/**
 * Answers a feedback that is not closed (a later answer replaces the earlier one) and mails the
 * sender the answer in the sender's language. The mail's key names the feedback and this answer, so
 * a retried request mails once, while a new answer is mailed again.
 */
export async function answerFeedback(deps: { db: Db; mailer: Mailer }, id: number, answer: string, staff: StaffPrincipal): Promise<void> {
  const { row, seq } = await deps.db.transaction().execute(async (trx) => {
    const current = await lockOpen(trx, id);
    if (current.answer === answer) return { row: current, seq: current.answer_count };
    const updated = await trx
      .updateTable('feedback')
      .set((eb) => ({ status: 'ANSWERED', answer, answer_count: eb('answer_count', '+', 1), answered_by_name: staff.name, answered_at: new Date(), updated_at: new Date() }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeHistory(trx, { relation: logOf(id), actor: actorOf(staff), action: 'feedbackAnswered', description: '回复意见反馈', detail: { answer } });
    return { row: updated, seq: updated.answer_count };
  });
  if (!row.sender_email) return;
  const locale = await senderLocale(deps.db, row);
  const mail = feedbackAnswerMail({ typeLabel: FEEDBACK_TYPE_LABELS[row.type as FeedbackType]?.[locale] ?? row.type, context: row.context, answer, answeredBy: staff.name, locale });
  await deps.mailer.send({ dedupeKey: `feedback-answer:${id}:${seq}`, to: row.sender_email, ...mail, locale });
}

/** Closes a feedback, answered or not; closed is final. */
export async function closeFeedback(db: Db, id: number, staff: StaffPrincipal): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockOpen(trx, id);
    await trx.updateTable('feedback').set({ status: 'CLOSED', closed_at: new Date(), updated_at: new Date() }).where('id', '=', id).execute();
    await writeHistory(trx, { relation: logOf(id), actor: actorOf(staff), action: 'feedbackClosed', description: '关闭意见反馈' });
  });
}
