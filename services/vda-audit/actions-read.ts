import type { DbOrTrx } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import type { VdaAction } from '#domain/vda63/audit.ts';
import { wireDay } from '#domain/date-time.ts';
import type { VdaElementEntry } from '#domain/vda63/catalogue.ts';
import { catalogueVersion } from './catalogue.ts';

/** The action items of audits, as staff and the supplier's portal read them (req flow §10.4). */

type ActionRow = Awaited<ReturnType<typeof actionRows>>[number];

export async function actionRows(db: DbOrTrx, where: { flowNos?: readonly string[]; id?: number }) {
  let q = db.selectFrom('vda_action as a').innerJoin('cert_flow as f', 'f.flow_no', 'a.flow_no').innerJoin('vda_audit as v', 'v.flow_no', 'a.flow_no').selectAll('a').select(['f.supplier_name', 'v.catalogue_version']);
  if (where.flowNos) q = q.where('a.flow_no', 'in', where.flowNos.length ? where.flowNos : ['']);
  if (where.id !== undefined) q = q.where('a.id', '=', where.id);
  return q.orderBy('a.flow_no').orderBy('a.id').execute();
}

/** The rows with their questions' texts in the reader's language (from the version each audit keeps). */
export async function toActions(db: DbOrTrx, rows: readonly ActionRow[], locale: Locale, now = new Date()): Promise<VdaAction[]> {
  const versions = new Map<number, VdaElementEntry[]>();
  for (const v of new Set(rows.map((r) => r.catalogue_version))) versions.set(v, (await catalogueVersion(db, v)).elements);
  const today = wireDay(now);
  return rows.map((r) => {
    const question = versions.get(r.catalogue_version)!.flatMap((e) => e.questions).find((x) => x.id === r.question_id);
    return {
      id: r.id,
      flowNo: r.flow_no,
      supplierName: r.supplier_name,
      questionId: r.question_id,
      questionText: question?.[locale] ?? r.question_id,
      step: r.step,
      finding: r.finding,
      measure: r.measure,
      ownerName: r.owner_name,
      ownerEmail: r.owner_email,
      dueDate: r.due_date,
      status: r.status,
      answer: r.answer,
      answerDocuments: r.answer_documents,
      returnComment: r.return_comment,
      overdue: r.status !== 'CLOSED' && r.due_date < today,
    };
  });
}
