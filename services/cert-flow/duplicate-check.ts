import { sql } from 'kysely';
import type { DbOrTrx } from '#db/connection.ts';
import { supplierPagePath } from '#domain/certificates/certificate.ts';
import { type DuplicateCheck, type DuplicateMatch, duplicateVerdict } from '#domain/cert-flow/duplicates.ts';
import { ENDED_STAGES } from '#domain/cert-flow/rules.ts';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#domain/messages.ts';
import { flowDetailPath } from '#domain/rfi/routes.ts';
import { SUPPLIER_ACTIVE } from '#domain/supplier-master.ts';

/** At most this many matches of each kind: enough to see the duplicate, not a list to page through. */
const MATCHES_MAX = 10;

/**
 * The suppliers (admitted or exited) and running flows that share the credit code or the name's key of a new
 * registration; both compared by index (migration 2026-12-07T0400).
 */
export async function findDuplicates(db: DbOrTrx, input: { supplierName?: string; creditCode?: string }, locale: Locale): Promise<DuplicateMatch[]> {
  const code = input.creditCode || null;
  const name = input.supplierName?.trim() || null;
  if (!code && !name) return [];
  // A name that is nothing but a legal form has an empty key: it matches nothing.
  const key = sql<string>`nullif(supplier_name_key(${name}), '')`;
  const [suppliers, flows, stages] = await Promise.all([
    db
      .selectFrom('supplier')
      .select(['supplier_no', 'supplier_code', 'name', 'credit_code', 'status'])
      .select((eb) => [eb('credit_code', '=', code ?? '').as('same_code'), eb('name_key', '=', name ? key : sql<string>`null`).as('same_name')])
      .where((eb) => eb.or([...(code ? [eb('credit_code', '=', code)] : []), ...(name ? [eb('name_key', '=', key)] : [])]))
      .orderBy('supplier_no')
      .limit(MATCHES_MAX)
      .execute(),
    db
      .selectFrom('cert_flow')
      .select(['flow_no', 'supplier_name', 'credit_code', 'stage'])
      .select((eb) => [eb('credit_code', '=', code ?? '').as('same_code'), eb('name_key', '=', name ? key : sql<string>`null`).as('same_name')])
      .where((eb) => eb.or([...(code ? [eb('credit_code', '=', code)] : []), ...(name ? [eb('name_key', '=', key)] : [])]))
      .where('stage', 'not in', [...ENDED_STAGES])
      .orderBy('flow_no', 'desc')
      .limit(MATCHES_MAX)
      .execute(),
    db.selectFrom('dict_entry').select(['dict_key', 'label_zh', 'label_en']).where('dict_type', '=', 'fri_cert_stage').execute(),
  ]);
  const by = (r: { same_code: unknown; same_name: unknown }) => [...(r.same_code ? (['creditCode'] as const) : []), ...(r.same_name ? (['name'] as const) : [])];
  const stageName = (stage: number) => {
    const s = stages.find((x) => x.dict_key === String(stage));
    return s ? (locale === 'en' ? s.label_en : s.label_zh) : String(stage);
  };
  return [
    ...suppliers.map((s) => ({
      kind: s.status === SUPPLIER_ACTIVE ? ('supplier' as const) : ('exited' as const),
      by: by(s),
      no: s.supplier_no,
      name: s.name,
      creditCode: s.credit_code,
      state: s.supplier_code,
      link: supplierPagePath(s.supplier_no),
    })),
    ...flows.map((f) => ({ kind: 'flow' as const, by: by(f), no: f.flow_no, name: f.supplier_name, creditCode: f.credit_code, state: stageName(f.stage), link: flowDetailPath(f.flow_no) })),
  ].filter((m) => m.by.length > 0);
}

/** GET /api/v1/cert-flow/duplicates: the matches the apply drawer shows, and what they mean for the application. */
export async function duplicateCheck(db: DbOrTrx, input: { supplierName?: string; creditCode?: string }, locale: Locale): Promise<DuplicateCheck> {
  const matches = await findDuplicates(db, input, locale);
  const verdict = duplicateVerdict(matches);
  return { matches, refusal: verdict.refusal ? translate(verdict.refusal, locale) : null, reasonRequired: verdict.reasonRequired };
}
