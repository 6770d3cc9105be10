import { sql } from 'kysely';
import type { Db, DbOrTrx } from '#db/connection.ts';
import {
  SYSTEM_ANNOUNCEMENT_TYPE,
  type AnnouncementAdminRow,
  type AnnouncementAudience,
  type AnnouncementDetail,
  type AnnouncementForm,
  type AnnouncementReader,
  type AnnouncementStatus,
  withdrawRefusal,
} from '#domain/announcement/announcement.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { fileKeyOf } from '#domain/cert-flow/documents.ts';
import { formatWireDateTime, parseWireDateTime } from '#domain/date-time.ts';
import type { Page, PageQuery } from '#domain/fields.ts';
import type { Locale } from '#domain/i18n.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { badRequest, conflict, forbidden, notFound } from '#domain/errors.ts';
import { requireStoredUrls } from '#services/files/stored-documents.ts';
import { writeHistory, type HistoryRelation } from '#services/history/write-history.ts';
import { audienceCounts, membersWithReceipts } from './members.ts';
import { sanitizeAnnouncementHtml } from './sanitize.ts';

/**
 * What administrators do with announcements (docs/decisions/0038-announcements.md): the list with read
 * counts, a draft saved and changed, published now or at its release time, a draft deleted, and the
 * readers and non-readers of one. Every change writes its history row in the same transaction.
 */

const logOf = (id: number): HistoryRelation => ({ type: RELATION_TYPE.ANNOUNCEMENT, code: String(id) });


/** The name of an audience's role or category, in one language. */
const audienceName = (locale: Locale) => {
  const col = sql.ref(locale === 'en' ? 'name_en' : 'name_zh');
  return sql<string | null>`case announcement.audience
    when 'STAFF_ROLE' then (select ${col} from role where role.code = announcement.audience_code)
    when 'SUPPLIER_CATEGORY' then (select ${col} from category where category.code = announcement.audience_code) end`;
};

const selectRow = (db: DbOrTrx) =>
  db
    .selectFrom('announcement')
    .select(['id', 'type', 'title', 'context', 'audience', 'audience_code', 'status', 'release_time', 'is_pop_up', 'file_url', 'file_url_name', 'published_by'])
    .select([audienceName('zh').as('audience_name_zh'), audienceName('en').as('audience_name_en')]);
type Row = Awaited<ReturnType<ReturnType<typeof selectRow>['executeTakeFirstOrThrow']>>;

async function adminRow(db: DbOrTrx, r: Row, now: Date, staff: StaffPrincipal, locale: Locale): Promise<AnnouncementAdminRow> {
  const audience = r.audience as AnnouncementAudience;
  const status = r.status as AnnouncementStatus;
  const releaseTime = new Date(r.release_time);
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    audience,
    audienceCode: r.audience_code,
    audienceCodeName: r.audience_code ? ((locale === 'en' ? r.audience_name_en : r.audience_name_zh) ?? r.audience_code) : null,
    status,
    scheduled: status === 'PUBLISHED' && releaseTime > now,
    releaseTime: formatWireDateTime(releaseTime),
    isPopUp: r.is_pop_up,
    canWithdraw: withdrawRefusal({ status, publishedBy: r.published_by }, staff) === null,
    ...(status !== 'DRAFT' ? await audienceCounts(db, { id: r.id, audience, audienceCode: r.audience_code }) : { readCount: 0, audienceCount: 0 }),
  };
}


/** Every announcement, drafts and pushes included, the latest release first. */
export async function manageAnnouncementPage(db: Db, page: PageQuery, staff: StaffPrincipal, locale: Locale): Promise<Page<AnnouncementAdminRow>> {
  const { total } = await db.selectFrom('announcement').select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await selectRow(db)
    .orderBy('release_time', 'desc')
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset((page.currentPage - 1) * page.pageSize)
    .execute();
  const now = new Date();
  return { total: Number(total), records: await Promise.all(rows.map((r) => adminRow(db, r, now, staff, locale))) };
}

async function loadRow(db: DbOrTrx, id: number, forUpdate = false): Promise<Row> {
  let q = selectRow(db).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('announcementNotFound');
  return row;
}

export async function announcementDetail(db: Db, id: number, staff: StaffPrincipal, locale: Locale): Promise<AnnouncementDetail> {
  const row = await loadRow(db, id);
  const now = new Date();
  const detail = { ...(await adminRow(db, row, now, staff, locale)), context: row.context, fileUrl: row.file_url, fileUrlName: row.file_url_name };
  // A draft's stored time is when it was saved unless a later release was asked: the editor offers only the latter.
  return row.status === 'DRAFT' && new Date(row.release_time) <= now ? { ...detail, releaseTime: null } : detail;
}

/** The role or category an audience names must exist (400 on `audienceCode`). */
async function requireAudienceCode(db: DbOrTrx, form: AnnouncementForm): Promise<void> {
  if (form.audience === 'STAFF_ROLE') {
    const role = await db.selectFrom('role').select('code').where('code', '=', form.audienceCode!).executeTakeFirst();
    if (!role) throw badRequest('invalidInput', { audienceCode: 'unknownAudienceRole' });
  }
  if (form.audience === 'SUPPLIER_CATEGORY') {
    const category = await db.selectFrom('category').select('code').where('code', '=', form.audienceCode!).executeTakeFirst();
    if (!category) throw badRequest('invalidInput', { audienceCode: 'unknownAudienceCategory' });
  }
}

/**
 * Saves the form as a draft (`publish` false) or publishes it. A published announcement is final: it
 * may have been read, and a reader must not find a different text behind the same receipt. Publishing
 * without a release time releases it now; a later release time schedules it. The body is sanitised
 * here, once, so what is stored is what every reader's browser renders.
 */
export async function saveAnnouncement(db: Db, form: AnnouncementForm, staff: StaffPrincipal, publish: boolean): Promise<{ id: number }> {
  const context = sanitizeAnnouncementHtml(form.context);
  if (!context) throw badRequest('invalidInput', { context: 'enterAnnouncementContent' });
  return db.transaction().execute(async (trx) => {
    await requireAudienceCode(trx, form);
    const existing = form.id ? await loadRow(trx, form.id, true) : undefined;
    if (existing && existing.status !== 'DRAFT') throw conflict('announcementAlreadyPublished');
    // Only a file this administrator uploaded, or the one already on the draft (another administrator's).
    const known = new Set([existing?.file_url && fileKeyOf(existing.file_url)].filter((k): k is string => !!k));
    const file = form.fileUrl ? (await requireStoredUrls(trx, { kind: 'uploader', owner: { kind: 'staff', id: staff.id } }, { fileUrl: form.fileUrl }, known))['fileUrl'] : undefined;
    const now = new Date();
    // A time already past is "now": publishing never backdates an announcement below newer ones.
    const asked = form.releaseTime ? parseWireDateTime(form.releaseTime)! : now;
    const releaseTime = publish && asked < now ? now : asked;
    const values = {
      title: form.title,
      context,
      audience: form.audience,
      audience_code: form.audienceCode ?? null,
      release_time: releaseTime,
      is_pop_up: form.isPopUp,
      file_url: file?.url ?? null,
      file_url_name: file?.name ?? null,
      status: publish ? 'PUBLISHED' : 'DRAFT',
      published_by: publish ? staff.jobNumber : null,
      published_at: publish ? now : null,
      updated_at: now,
    };
    const id = existing
      ? (await trx.updateTable('announcement').set(values).where('id', '=', existing.id).returning('id').executeTakeFirstOrThrow()).id
      : (await trx.insertInto('announcement').values({ ...values, type: SYSTEM_ANNOUNCEMENT_TYPE, created_by: staff.jobNumber }).returning('id').executeTakeFirstOrThrow()).id;
    await writeHistory(trx, {
      relation: logOf(id),
      actor: actorOf(staff),
      action: publish ? 'announcementPublished' : 'announcementSaved',
      description: publish ? '发布公告' : '保存公告草稿',
      detail: { audience: form.audience, audienceCode: form.audienceCode ?? null, releaseTime: formatWireDateTime(releaseTime) },
    });
    return { id };
  });
}

/** Deletes a draft; a published announcement stays (its receipts are the record of who read it). */
export async function deleteAnnouncementDraft(db: Db, id: number, staff: StaffPrincipal): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await loadRow(trx, id, true);
    if (row.status !== 'DRAFT') throw conflict('announcementAlreadyPublished');
    await trx.deleteFrom('announcement').where('id', '=', id).execute();
    await writeHistory(trx, { relation: logOf(id), actor: actorOf(staff), action: 'announcementDeleted', description: '删除公告草稿', detail: { title: row.title } });
  });
}

/**
 * Withdraws a published (or scheduled) announcement: from now on no reader's list, count, pop-up or
 * attachment download shows it (`visibleTo` admits only published ones). Its publisher or an
 * administrator (cert_process_manage_all) may; the receipts stay, so who read it remains on record.
 */
export async function withdrawAnnouncement(db: Db, id: number, staff: StaffPrincipal): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await loadRow(trx, id, true);
    const refusal = withdrawRefusal({ status: row.status as AnnouncementStatus, publishedBy: row.published_by }, staff);
    if (refusal === 'announcementWithdrawByPublisher') throw forbidden(refusal);
    if (refusal) throw conflict(refusal);
    await trx.updateTable('announcement').set({ status: 'WITHDRAWN', updated_at: new Date() }).where('id', '=', id).execute();
    await writeHistory(trx, { relation: logOf(id), actor: actorOf(staff), action: 'announcementWithdrawn', description: '撤回公告', detail: { title: row.title } });
  });
}

/** Who of the audience read the announcement, or who has not yet. */
export async function announcementReaders(db: Db, id: number, read: boolean, page: PageQuery): Promise<Page<AnnouncementReader>> {
  const row = await loadRow(db, id);
  if (row.status === 'DRAFT') return { records: [], total: 0 };
  const { records, total } = await membersWithReceipts(db, { id, audience: row.audience as AnnouncementAudience, audienceCode: row.audience_code }, read, page);
  return {
    total,
    records: records.map((m) => ({ kind: m.kind, name: m.name, account: m.account, readAt: m.readAt ? formatWireDateTime(new Date(m.readAt)) : null })),
  };
}

/** The roles a staff audience may name, in the caller's language. */
export async function audienceRoles(db: Db, locale: 'zh' | 'en'): Promise<{ code: string; name: string }[]> {
  const rows = await db.selectFrom('role').select(['code', 'name_zh', 'name_en']).orderBy('code').execute();
  return rows.map((r) => ({ code: r.code, name: locale === 'en' ? r.name_en : r.name_zh }));
}
