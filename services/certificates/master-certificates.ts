import type { Db, DbOrTrx } from '#db/connection.ts';
import { daysBetween, hasValidity, type ExpiryPolicy, type MasterCertificate } from '#domain/certificates/certificate.ts';
import { certificateRows } from '#domain/cert-flow/nodes/cert.ts';
import type { Locale } from '#domain/i18n.ts';
import { badRequest } from '#domain/errors.ts';
import { withParams } from '#domain/messages.ts';
import { savedNodeFields } from '#services/cert-flow/nodes/node-form.ts';
import { loadSection } from '#services/rfi/questionnaire.ts';

/**
 * The supplier master's certificates (docs/decisions/0053-certificates-kept-valid.md): kept from the admitting flow —
 * the CERT node's checked rows where the flow had that node, else the questionnaire's step 5 — and from approved
 * renewals. A certificate of a kind the supplier already holds replaces the one on file, which stays as history.
 */

/** The certificate rows a flow admits: the quality reviewer's copy, or the supplier's own answers. */
async function flowCertificates(db: Db, flowNo: string) {
  const checked = await savedNodeFields(db, flowNo, 'CERT');
  if (checked) return certificateRows(checked);
  const application = await db.selectFrom('rfi_application').select('apply_no').where('flow_no', '=', flowNo).executeTakeFirst();
  return certificateRows(application ? await loadSection(db, application.apply_no, 'certificates') : undefined);
}

/** Keeps the admitted flow's certificates on the supplier's master, in the admission's transaction. Idempotent. */
export async function keepAdmittedCertificates(trx: Db, input: { flowNo: string; supplierNo: string; now: Date }): Promise<number> {
  let kept = 0;
  for (const row of await flowCertificates(trx, input.flowNo)) {
    if (!row.certificateType || !row.certificateFileUrl) continue;
    const dated = hasValidity(row.certificateType);
    const id = await replaceCertificate(trx, {
      supplierNo: input.supplierNo,
      kind: row.certificateType,
      issuer: row.issuer ?? null,
      certificateNo: row.certificateNo ?? null,
      validFrom: dated ? (row.validFrom ?? null) : null,
      validUntil: dated ? (row.validUntil ?? null) : null,
      fileName: row.certificateName ?? null,
      fileUrl: row.certificateFileUrl,
      source: input.flowNo,
      now: input.now,
    });
    if (id) kept++;
  }
  return kept;
}

export interface CertificateFacts {
  supplierNo: string;
  kind: string;
  issuer: string | null;
  certificateNo: string | null;
  validFrom: string | null;
  validUntil: string | null;
  fileName: string | null;
  fileUrl: string;
  /** The admitting flow's number or the renewal's. */
  source: string;
  now: Date;
}

/**
 * Puts a certificate on the master in place of the current one of its kind (kept, marked replaced). The same
 * certificate from the same source again is no change: its id is answered, nothing written.
 */
export async function replaceCertificate(trx: DbOrTrx, c: CertificateFacts): Promise<number | undefined> {
  const current = await trx
    .selectFrom('supplier_certificate')
    .select(['id', 'file_url', 'source'])
    .where('supplier_no', '=', c.supplierNo)
    .where('kind', '=', c.kind)
    .where('status', '!=', 'replaced')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (current && current.file_url === c.fileUrl && current.source === c.source) return undefined;
  const { id } = await trx
    .insertInto('supplier_certificate')
    .values({
      supplier_no: c.supplierNo,
      kind: c.kind,
      issuer: c.issuer,
      certificate_no: c.certificateNo,
      valid_from: c.validFrom,
      valid_until: c.validUntil,
      file_name: c.fileName,
      file_url: c.fileUrl,
      source: c.source,
      created_at: c.now,
      updated_at: c.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (current) await trx.updateTable('supplier_certificate').set({ status: 'replaced', replaced_by: id, updated_at: c.now }).where('id', '=', current.id).execute();
  return id;
}

/**
 * Each certificate kind (dictionary certificate_file): its names, what its end does (`extra.onExpiry`; a warning when
 * unset), and after how many days past its end, not renewed, a requalification starts (`extra.requalifyAfterDays`).
 */
export async function certificateKinds(db: DbOrTrx): Promise<Map<string, CertificateKind>> {
  const rows = await db
    .selectFrom('dict_entry as d')
    .leftJoin('certificate_kind_policy as p', 'p.kind', 'd.dict_key')
    .select(['d.dict_key', 'd.label_zh', 'd.label_en', 'd.extra', 'd.sort', 'p.on_expiry', 'p.requalify_after_days', 'p.updated_by', 'p.updated_at'])
    .where('d.dict_type', '=', 'certificate_file')
    .orderBy('d.sort')
    .execute();
  return new Map(
    rows.map((r) => {
      // The configuration's setting where there is one (certificate_kind_policy), else the dictionary's default.
      const grace = r.on_expiry ? r.requalify_after_days : Number(r.extra?.requalifyAfterDays);
      const kind: CertificateKind = {
        zh: r.label_zh,
        en: r.label_en,
        required: r.extra?.required === true,
        policy: (r.on_expiry ?? r.extra?.onExpiry) === 'block' ? 'block' : 'warn',
        requalifyAfterDays: typeof grace === 'number' && Number.isInteger(grace) && grace >= 0 ? grace : null,
        changedBy: r.updated_by ?? null,
      };
      return [r.dict_key, kind];
    }),
  );
}

/** A certificate kind as the watch, the supplier page and the configuration read it. */
export interface CertificateKind {
  zh: string;
  en: string;
  /** A must-have certificate of the questionnaire (step 5). */
  required: boolean;
  policy: ExpiryPolicy;
  /** Days after its end, not renewed, before a requalification starts; null: none starts. */
  requalifyAfterDays: number | null;
  /** Who last set it in the configuration; null while the dictionary's default holds. */
  changedBy: string | null;
}

/**
 * Refuses certificate rows (step 5, the CERT node) of a kind the dictionary does not know, naming each row's field:
 * the master would otherwise keep — and watch — a certificate nobody can name.
 */
export async function requireKnownCertificateKinds(db: DbOrTrx, rows: readonly { certificateType?: string | null }[]): Promise<void> {
  const kinds = await certificateKinds(db);
  const errors = Object.fromEntries(
    rows.flatMap((r, i) => (r.certificateType && !kinds.has(r.certificateType) ? [[`certificateList.${i}.certificateType`, withParams('certificateKindUnknown', { kind: r.certificateType })]] : [])),
  );
  if (Object.keys(errors).length) throw badRequest('invalidInput', errors);
}

/** The supplier's current certificates (not those replaced), by kind, as the master shows them on `today`. */
export async function supplierCertificates(db: Db, supplierNo: string, locale: Locale, today: string): Promise<MasterCertificate[]> {
  const [rows, kinds, renewals] = await Promise.all([
    db.selectFrom('supplier_certificate').selectAll().where('supplier_no', '=', supplierNo).where('status', '!=', 'replaced').orderBy('kind').execute(),
    certificateKinds(db),
    db.selectFrom('certificate_renewal').select(['certificate_id', 'renewal_no']).where('supplier_no', '=', supplierNo).where('status', '=', 'approving').execute(),
  ]);
  return rows.map((r) => {
    const kind = kinds.get(r.kind);
    return {
      id: r.id,
      kind: r.kind,
      kindName: kind?.[locale] ?? r.kind,
      issuer: r.issuer,
      certificateNo: r.certificate_no,
      validFrom: r.valid_from,
      validUntil: r.valid_until,
      fileName: r.file_name,
      fileUrl: r.file_url,
      status: r.status,
      daysLeft: r.valid_until ? daysBetween(today, r.valid_until) : null,
      blocks: r.status === 'expired' && kind?.policy === 'block',
      renewalNo: renewals.find((x) => x.certificate_id === r.id)?.renewal_no ?? null,
    };
  });
}

/** The ended certificates that hold the supplier back (a kind whose end blocks new flows and expansions), by kind name. */
export async function blockingCertificates(db: Db, supplierNo: string, locale: Locale): Promise<string[]> {
  const [rows, kinds] = await Promise.all([
    db.selectFrom('supplier_certificate').select('kind').where('supplier_no', '=', supplierNo).where('status', '=', 'expired').execute(),
    certificateKinds(db),
  ]);
  return rows.filter((r) => kinds.get(r.kind)?.policy === 'block').map((r) => kinds.get(r.kind)?.[locale] ?? r.kind);
}
