import type { DbOrTrx } from '#db/connection.ts';
import type { ApprovalSubject } from '#domain/cert-flow/approval-record.ts';
import type { ApprovalKind } from '#domain/cert-flow/evaluation.ts';
import { KCP2_CONCLUSION_DICT } from '#domain/cert-flow/nodes/kcp2.ts';
import type { Locale } from '#domain/i18n.ts';
import { releaseFormSchema, type ReleaseForm } from '#domain/release/release-form.ts';
import { loadRelease } from '#services/release/release-row.ts';
import { codeLabelsOf } from '#services/supplier-master/code-labels.ts';

/**
 * What an approval round approves (flow_approval.subject): kept when the round opens, so the card shows
 * what the approver was asked, and the next round can be compared with it.
 */

interface HighPotentialSnapshot {
  accessStatus: number | null;
  description: string | null;
  documentList: { documentName: string; documentUrl: string }[];
}

/** The subject as it stands now (the round's snapshot at its opening; rounds from before read it so too). */
export async function currentSubject(db: DbOrTrx, flowNo: string, kind: ApprovalKind): Promise<Record<string, unknown>> {
  if (kind === 'SUPPLIER_CODE') return { form: (await loadRelease(db, flowNo))?.form ?? null };
  const [application, kcp2] = await Promise.all([
    db.selectFrom('high_potential_application').select(['description', 'documents']).where('flow_no', '=', flowNo).executeTakeFirst(),
    db.selectFrom('cert_node_form').select('access_status').where('flow_no', '=', flowNo).where('node_code', '=', 'KCP2').executeTakeFirst(),
  ]);
  const snapshot: HighPotentialSnapshot = {
    accessStatus: kcp2?.access_status == null ? null : Number(kcp2.access_status),
    description: application?.description ?? null,
    documentList: (application?.documents ?? []).map((d) => ({ documentName: d.documentName, documentUrl: d.documentUrl })),
  };
  return { ...snapshot };
}

const formOf = (subject: Record<string, unknown> | null | undefined): ReleaseForm | null => {
  const parsed = releaseFormSchema('draft').safeParse(subject?.form);
  return parsed.success ? (parsed.data as ReleaseForm) : null;
};

/** The card's subject of a round: its snapshot, the round before's for comparison, and the ERP's record. */
export async function approvalSubject(
  db: DbOrTrx,
  approval: { flow_no: string; kind: string; round: number; subject: Record<string, unknown> | null },
  locale: Locale,
): Promise<ApprovalSubject> {
  const kind = approval.kind as ApprovalKind;
  const subject = approval.subject ?? (await currentSubject(db, approval.flow_no, kind));
  if (kind === 'HIGH_POTENTIAL') {
    const s = subject as unknown as HighPotentialSnapshot;
    const conclusion =
      s.accessStatus == null
        ? null
        : await db
            .selectFrom('dict_entry')
            .select(['label_zh', 'label_en'])
            .where('dict_type', '=', KCP2_CONCLUSION_DICT)
            .where('dict_key', '=', String(s.accessStatus))
            .executeTakeFirst();
    return {
      kind,
      conclusion: conclusion ? (locale === 'en' ? conclusion.label_en : conclusion.label_zh) : null,
      description: s.description,
      documentList: s.documentList ?? [],
    };
  }
  const [before, flow] = await Promise.all([
    db
      .selectFrom('flow_approval')
      .select('subject')
      .where('flow_no', '=', approval.flow_no)
      .where('kind', '=', kind)
      .where('round', '<', approval.round)
      .orderBy('round', 'desc')
      .executeTakeFirst(),
    db.selectFrom('cert_flow').select('supplier_code').where('flow_no', '=', approval.flow_no).executeTakeFirst(),
  ]);
  // An admitted supplier applying again (an expansion) has its master in the ERP: the record this form replaces.
  const supplier = flow?.supplier_code
    ? await db.selectFrom('supplier').select('master').where('supplier_code', '=', flow.supplier_code).executeTakeFirst()
    : undefined;
  const form = formOf(subject) ?? (releaseFormSchema('draft').parse({}) as ReleaseForm);
  const previous = formOf(before?.subject);
  const erpRecord = supplier?.master ? (supplier.master as Partial<ReleaseForm>) : null;
  const records = [form, previous, erpRecord] as (Record<string, unknown> | null)[];
  return { kind, form, previous, erpRecord, labels: await codeLabelsOf(db, records, locale) };
}
