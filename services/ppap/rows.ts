import type { DbOrTrx } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { PPAP_ELEMENTS, requiredElements, type PpapDetail, type PpapLevel } from '#domain/ppap/ppap.ts';
import { notFound } from '#domain/errors.ts';

/** Repository of one flow's PPAP submission (tables ppap_submission, ppap_element, req flow §11). */

export async function loadSubmission(db: DbOrTrx, flowNo: string) {
  const submission = await db.selectFrom('ppap_submission').selectAll().where('flow_no', '=', flowNo).executeTakeFirst();
  if (!submission) throw notFound('standardNotUsed');
  const elements = await db.selectFrom('ppap_element').selectAll().where('flow_no', '=', flowNo).execute();
  return { submission, elements };
}
export type LoadedSubmission = Awaited<ReturnType<typeof loadSubmission>>;

/** Every element the level asks for is accepted (the warrant included). */
export function allAccepted(loaded: LoadedSubmission): boolean {
  const required = requiredElements(loaded.submission.level as PpapLevel);
  return required.every((code) => loaded.elements.find((e) => e.element === code)?.status === 'ACCEPTED');
}

/** The submission as staff and the portal read it; `mayAct` is the reader's own right. */
export function toDetail(loaded: LoadedSubmission, input: { supplierName: string; nodeStatus: number; mayAct: boolean; locale: Locale }): PpapDetail {
  const { submission: s, elements } = loaded;
  const level = s.level as PpapLevel;
  const required = requiredElements(level);
  return {
    flowNo: s.flow_no,
    supplierName: input.supplierName,
    level,
    elements: PPAP_ELEMENTS.filter((x) => required.includes(x.code)).map((x) => {
      const row = elements.find((e) => e.element === x.code);
      return {
        code: x.code,
        no: x.no,
        name: x[input.locale],
        status: row?.status ?? 'AWAITING',
        documentList: row?.documents ?? [],
        returnReason: row?.status === 'RETURNED' ? row.return_reason : null,
        submittedAt: row?.submitted_at ? new Date(row.submitted_at).toISOString() : null,
      };
    }),
    retained: PPAP_ELEMENTS.filter((x) => !required.includes(x.code)).map((x) => ({ code: x.code, no: x.no, name: x[input.locale] })),
    warrant: s.part_number
      ? { partNumber: s.part_number, drawingChangeLevel: s.drawing_change_level ?? '', reason: s.reason as never, reasonOther: s.reason_other, declaration: s.declaration }
      : null,
    disposition: s.disposition,
    interimUntil: s.interim_until,
    conditions: s.conditions,
    approvalStatus: s.approval_status,
    nodeStatus: input.nodeStatus,
    mayAct: input.mayAct && input.nodeStatus === NODE_STATUS.IN_PROGRESS,
    allAccepted: allAccepted(loaded),
  };
}
