import type { Db } from '#db/connection.ts';
import type { FileStore } from '#adapters/files/file-store.ts';
import { fileKeyOf } from '#domain/cert-flow/documents.ts';
import { announcementFileUrl, type AnnouncementView } from '#domain/announcement/announcement.ts';
import { formatWireDateTime } from '#domain/date-time.ts';
import type { Page, PageQuery } from '#domain/fields.ts';
import { openFileOfRecord, type OpenedFile } from '#services/files/download.ts';
import { visibleTo, type Reader } from './audience.ts';

/**
 * What a reader does with announcements (req shell §2.7, §4, §7.6): the page of its announcements, newest
 * release first, each with its own read flag; marking some or all read; the unread count; the attachment.
 */

const receiptOf = (reader: Reader) => ({ reader_kind: reader.kind, reader_id: reader.id });

function visible(db: Db, reader: Reader) {
  return db.selectFrom('announcement as a').where(visibleTo(reader));
}

export async function announcementPage(db: Db, reader: Reader, page: PageQuery): Promise<Page<AnnouncementView>> {
  const { total } = await visible(db, reader).select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await visible(db, reader)
    .leftJoin('announcement_read as r', (j) => j.onRef('r.announcement_id', '=', 'a.id').on('r.reader_kind', '=', reader.kind).on('r.reader_id', '=', reader.id))
    .select(['a.id', 'a.type', 'a.title', 'a.context', 'a.release_time', 'a.is_pop_up', 'a.file_url', 'a.file_url_name', 'r.read_at'])
    .orderBy('a.release_time', 'desc')
    .orderBy('a.id', 'desc')
    .limit(page.pageSize)
    .offset((page.currentPage - 1) * page.pageSize)
    .execute();
  return {
    total: Number(total),
    records: rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      context: r.context,
      releaseTime: formatWireDateTime(new Date(r.release_time)),
      isRead: r.read_at !== null,
      isPopUp: r.is_pop_up,
      fileUrl: r.file_url ? announcementFileUrl(r.id) : null,
      fileUrlName: r.file_url ? r.file_url_name : null,
    })),
  };
}

export async function unreadCount(db: Db, reader: Reader): Promise<number> {
  const row = await visible(db, reader)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('announcement_read as r').select('r.announcement_id').whereRef('r.announcement_id', '=', 'a.id').where('r.reader_kind', '=', reader.kind).where('r.reader_id', '=', reader.id))),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Marks the given announcements read for this reader. Ids it cannot see are ignored, so nobody learns
 * of announcements not addressed to them; a second read keeps the first receipt's time.
 */
export async function markRead(db: Db, reader: Reader, ids: readonly number[]): Promise<void> {
  const seen = await visible(db, reader).select('a.id').where('a.id', 'in', ids).execute();
  if (!seen.length) return;
  await db
    .insertInto('announcement_read')
    .values(seen.map((a) => ({ announcement_id: a.id, ...receiptOf(reader) })))
    .onConflict((oc) => oc.columns(['announcement_id', 'reader_kind', 'reader_id']).doNothing())
    .execute();
}

/** Marks every announcement the reader sees now read. */
export async function markAllRead(db: Db, reader: Reader): Promise<void> {
  await db
    .insertInto('announcement_read')
    .columns(['announcement_id', 'reader_kind', 'reader_id'])
    .expression(visible(db, reader).select((eb) => ['a.id', eb.val(reader.kind).as('reader_kind'), eb.val(reader.id).as('reader_id')]))
    .onConflict((oc) => oc.columns(['announcement_id', 'reader_kind', 'reader_id']).doNothing())
    .execute();
}

/**
 * The attachment of an announcement the reader sees. It was uploaded by staff, so the uploader check
 * of downloads would refuse a supplier: being in the audience is what lets one read it.
 */
export async function openAnnouncementFile(deps: { db: Db; files: FileStore }, reader: Reader, id: number): Promise<OpenedFile | null> {
  const row = await visible(deps.db, reader).select(['a.file_url']).where('a.id', '=', id).executeTakeFirst();
  const key = row?.file_url ? fileKeyOf(row.file_url) : undefined;
  return key ? openFileOfRecord(deps, key) : null;
}
