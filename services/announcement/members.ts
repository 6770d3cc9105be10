import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '#db/connection.ts';
import type { AnnouncementAudience } from '#domain/announcement/announcement.ts';
import { SUPPLIER_CATEGORY_STATUS } from '#domain/supplier-master.ts';

/**
 * The people an announcement is addressed to, as one row set (kind, id, name, account): active staff
 * of the audience, or active portal accounts of the audience. The readers screen lists them with their
 * receipts; the same rules as `visibleTo` (audience.ts), seen from the announcement's side.
 */
export interface Member {
  kind: 'staff' | 'portal';
  id: string;
  name: string;
  account: string;
}

export function membersOf(audience: AnnouncementAudience, code: string | null): RawBuilder<Member> {
  switch (audience) {
    case 'ALL_STAFF':
      return sql<Member>`select 'staff' as kind, s.id::text as id, s.name, s.job_number as account from staff s where s.active`;
    case 'STAFF_ROLE':
      return sql<Member>`select 'staff' as kind, s.id::text as id, s.name, s.job_number as account from staff s where s.active and s.roles @> jsonb_build_array(${code}::text)`;
    case 'ALL_SUPPLIERS':
      return sql<Member>`select 'portal' as kind, a.id::text as id, a.supplier_name as name, a.email as account from supplier_account a where a.active`;
    case 'SUPPLIER_CATEGORY':
      return sql<Member>`select 'portal' as kind, a.id::text as id, a.supplier_name as name, a.email as account from supplier_account a
        where a.active and exists (
          select 1 from supplier_account_flow af join cert_flow f on f.flow_no = af.flow_no
          where af.account_id = a.id and (
            f.category_list @> jsonb_build_array(jsonb_build_object('code', ${code}::text))
            or exists (select 1 from supplier_category sc where sc.supplier_no = f.supplier_no and sc.category_code = ${code}::text and sc.status = ${SUPPLIER_CATEGORY_STATUS.ACCESSED})
          ))`;
  }
}

/** How many people the audience holds, and how many of them read the announcement. */
export async function audienceCounts(db: DbOrTrx, a: { id: number; audience: AnnouncementAudience; audienceCode: string | null }): Promise<{ audienceCount: number; readCount: number }> {
  const members = membersOf(a.audience, a.audienceCode);
  const { rows } = await sql<{ total: string; read: string }>`
    select count(*) as total,
      count(r.read_at) as read
    from (${members}) m
    left join announcement_read r on r.announcement_id = ${a.id} and r.reader_kind = m.kind and r.reader_id = m.id`.execute(db);
  return { audienceCount: Number(rows[0]?.total ?? 0), readCount: Number(rows[0]?.read ?? 0) };
}

/** The audience with their receipts: who read it (first readers first) or who has not yet (by name). */
export async function membersWithReceipts(
  db: DbOrTrx,
  a: { id: number; audience: AnnouncementAudience; audienceCode: string | null },
  read: boolean,
  page: { currentPage: number; pageSize: number },
): Promise<{ records: (Member & { readAt: Date | null })[]; total: number }> {
  const members = membersOf(a.audience, a.audienceCode);
  const filter = read ? sql`r.read_at is not null` : sql`r.read_at is null`;
  const order = read ? sql`r.read_at, m.name, m.id` : sql`m.name, m.id`;
  const base = sql`from (${members}) m left join announcement_read r on r.announcement_id = ${a.id} and r.reader_kind = m.kind and r.reader_id = m.id where ${filter}`;
  const { rows: count } = await sql<{ total: string }>`select count(*) as total ${base}`.execute(db);
  const { rows } = await sql<Member & { readAt: Date | null }>`
    select m.kind, m.id, m.name, m.account, r.read_at as "readAt" ${base}
    order by ${order} limit ${page.pageSize} offset ${(page.currentPage - 1) * page.pageSize}`.execute(db);
  return { records: rows, total: Number(count[0]?.total ?? 0) };
}
