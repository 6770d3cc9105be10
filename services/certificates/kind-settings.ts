import type { Db } from '#db/connection.ts';
import { hasValidity } from '#domain/certificates/certificate.ts';
import type { CertificateKindRow, CertificateKindSetting } from '#domain/certificates/kind-setting.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { badRequest } from '#domain/errors.ts';
import type { Locale } from '#domain/i18n.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { writeHistory } from '#services/history/write-history.ts';
import { certificateKinds } from './master-certificates.ts';

/** GET /api/v1/certificates/kinds: every certificate kind with what its end does (the configuration's, else the default). */
export async function listKindSettings(db: Db, locale: Locale): Promise<CertificateKindRow[]> {
  const kinds = await certificateKinds(db);
  return [...kinds].map(([kind, k]) => ({
    kind,
    name: k[locale],
    required: k.required,
    dated: hasValidity(kind),
    onExpiry: k.policy,
    requalifyAfterDays: k.requalifyAfterDays,
    changedBy: k.changedBy,
  }));
}

/** POST /api/v1/certificates/kinds/save: a dated kind's setting; logged under the kind. */
export async function saveKindSetting(db: Db, input: CertificateKindSetting, staff: StaffPrincipal): Promise<void> {
  const kinds = await certificateKinds(db);
  if (!kinds.has(input.kind)) throw badRequest('invalidValue', { kind: 'invalidValue' });
  if (!hasValidity(input.kind)) throw badRequest('certificateKindUndated', { kind: 'certificateKindUndated' });
  const values = { on_expiry: input.onExpiry, requalify_after_days: input.requalifyAfterDays, updated_by: staff.name, updated_at: new Date() };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('certificate_kind_policy')
      .values({ kind: input.kind, ...values })
      .onConflict((oc) => oc.column('kind').doUpdateSet(values))
      .execute();
    await writeHistory(trx, {
      relation: { type: RELATION_TYPE.CONFIGURATION, code: `certificate:${input.kind}` },
      actor: actorOf(staff),
      action: 'certificateKindSaved',
      description: `证书 ${kinds.get(input.kind)!.zh} 到期：${input.onExpiry === 'block' ? '暂停新认证与扩品' : '仅提醒'}；${input.requalifyAfterDays === null ? '不自动再认证' : `${input.requalifyAfterDays}天未更新则再认证`}`,
      detail: input,
    });
  });
}
