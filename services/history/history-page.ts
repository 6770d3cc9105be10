import type { Db } from '#db/connection.ts';
import type { Page } from '#domain/fields.ts';
import type { HistoryPageQuery, HistoryRecord } from '#domain/cert-flow/history.ts';
import type { Locale } from '#domain/i18n.ts';
import { describeHistory } from '#domain/history-text.ts';
import { actorName } from '#domain/identity.ts';

/** GET /v1/operator-history/onBoard-page: a flow's change log (RFI or flow), newest first. */
export async function historyPage(db: Db, q: HistoryPageQuery, locale: Locale): Promise<Page<HistoryRecord>> {
  const base = db.selectFrom('operation_history').where('relation_type', '=', q.relationType).where('relation_code', '=', q.relationCode);
  const [rows, count] = await Promise.all([
    base
      .select(['created_at', 'operator_id', 'operator_name', 'description', 'action', 'detail'])
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((r) => ({ createTime: new Date(r.created_at).toISOString(), operateUserName: actorName(r.operator_id, r.operator_name, locale), description: describeHistory(r.action, r.detail, locale, r.description) })),
    total: Number(count.n),
  };
}
