import type { DbOrTrx } from '#db/connection.ts';
import type { VdaElementEntry } from '#domain/vda63/catalogue.ts';
import { auditFigures, type AuditFigures, type VdaEvaluation } from '#domain/vda63/fulfilment.ts';
import { notFound } from '#domain/errors.ts';
import { catalogueVersion, type CatalogueVersion } from './catalogue.ts';

/** Repository of one flow's VDA 6.3 audit: its header, elements (experts), answers and action items. */

export async function loadAudit(db: DbOrTrx, flowNo: string) {
  const audit = await db.selectFrom('vda_audit').selectAll().where('flow_no', '=', flowNo).executeTakeFirst();
  if (!audit) throw notFound('standardNotUsed');
  const [elements, answers, catalogue] = await Promise.all([
    db.selectFrom('vda_audit_element').selectAll().where('flow_no', '=', flowNo).execute(),
    db.selectFrom('vda_answer').selectAll().where('flow_no', '=', flowNo).orderBy('question_id').orderBy('step').execute(),
    catalogueVersion(db, audit.catalogue_version),
  ]);
  const order = (e: { element: string }) => catalogue.elements.findIndex((c) => c.code === e.element);
  elements.sort((a, b) => order(a) - order(b));
  return { audit, elements, answers, catalogue };
}
export type LoadedAudit = Awaited<ReturnType<typeof loadAudit>>;

/** The catalogue entries of the audit's scope, in the catalogue's order. */
export function scopeOf(catalogue: CatalogueVersion, elements: readonly { element: string }[]): VdaElementEntry[] {
  return catalogue.elements.filter((e) => elements.some((x) => x.element === e.code));
}

/** The figures and grade as the answers stand (req flow §10.3). */
export function figuresOf(loaded: Pick<LoadedAudit, 'catalogue' | 'elements' | 'answers'>): AuditFigures {
  const questions = scopeOf(loaded.catalogue, loaded.elements).flatMap((e) => e.questions);
  const evaluations: VdaEvaluation[] = loaded.answers.map((a) => ({ questionId: a.question_id, step: a.step || null, score: a.score }));
  return auditFigures(questions, evaluations);
}
