import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import type { VdaAuditDetail } from '#domain/vda63/audit.ts';
import { subElementOf, type VdaElement } from '#domain/vda63/catalogue.ts';
import { gradeRuleText } from '#domain/vda63/fulfilment.ts';
import { isPrincipal, loadNode } from '#services/cert-flow/node-work.ts';
import { figuresOf, loadAudit, scopeOf } from './rows.ts';
import { actionRows, toActions } from './actions-read.ts';

/** GET /v1/vda-audit/detail: the audit as it stands, its figures and grade, and what this caller may do. */
export async function vdaAuditDetail(db: Db, flowNo: string, staff: StaffPrincipal, locale: Locale): Promise<VdaAuditDetail> {
  const node = await loadNode(db, flowNo, 'SYSTEM_CERT');
  const loaded = await loadAudit(db, flowNo);
  const { audit, elements, answers, catalogue } = loaded;
  const inProgress = node.status === NODE_STATUS.IN_PROGRESS;
  const figures = figuresOf(loaded);
  // Worked out from the answers on every read; once the node completed they no longer change, so neither does the grade.
  const grade = figures.grade && { ...figures.grade, text: gradeRuleText(figures.grade, locale) };
  const anySubmitted = elements.some((e) => e.submitted);
  return {
    flowNo,
    nodeStatus: node.status,
    catalogueVersion: catalogue.version,
    edition: catalogue.edition,
    steps: audit.steps,
    elements: scopeOf(catalogue, elements).map((e) => {
      const row = elements.find((x) => x.element === e.code)!;
      return {
        code: e.code,
        name: e[locale],
        expertJobNumber: row.expert_job_number,
        expertName: row.expert_name,
        submitted: row.submitted,
        questions: e.questions.map((x) => ({ id: x.id, text: x[locale], starred: x.starred, subElement: subElementOf(x.id) ?? null })),
      };
    }),
    answers: answers.map((a) => ({ questionId: a.question_id, step: a.step, score: a.score, finding: a.finding, documentList: a.documents })),
    figures: { elements: figures.elements, subElements: figures.subElements, steps: figures.steps, overall: figures.overall },
    grade,
    actions: await toActions(db, await actionRows(db, { flowNos: [flowNo] }), locale),
    mayAssign: inProgress && isPrincipal(node, staff) && !anySubmitted,
    myElements: inProgress ? elements.filter((e) => e.expert_job_number === staff.jobNumber).map((e) => e.element as VdaElement) : [],
    mayComplete: inProgress && isPrincipal(node, staff) && elements.every((e) => e.submitted),
  };
}
