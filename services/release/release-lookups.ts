import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { ERP_DICT_TYPES, type ErpCodeLists } from '#domain/erp-reference.ts';
import type { Locale } from '#domain/i18n.ts';
import { LOOKUP_LIMIT, type BankOption, type BankSearchQuery, type CompanyOption, type HeadBankOption, type PurchaseOrgOption, type PurchaseOrgSearchQuery } from '#domain/release/release-lookups.ts';
import { containsPattern } from '#services/common/like.ts';
import { LOOKUP_TTL_MS, ttlCachePer } from '#services/common/ttl-cache.ts';

/**
 * The release form's look-ups over the seeded reference data (req flow §7.9), each cached for 60 s per
 * database: reference data changes by seeding or by an operator, and a minute's delay is harmless.
 */

const cacheOf = ttlCachePer<unknown>(LOOKUP_TTL_MS);
const cached = <T>(db: Db, key: string, load: () => Promise<T>): Promise<T> => cacheOf(db).get(key, load) as Promise<T>;

export function allHeadBanks(db: Db, locale: Locale): Promise<HeadBankOption[]> {
  return cached(db, `heads:${locale}`, async () => {
    const rows = await db.selectFrom('bank_head').select(['code', 'name_zh', 'name_en', 'country_code']).orderBy('sort').orderBy('code').execute();
    return rows.map((r) => ({ bankHeadCode: r.code, bankHead: locale === 'en' ? r.name_en : r.name_zh, countryCode: r.country_code }));
  });
}

export function searchBanks(db: Db, query: BankSearchQuery, locale: Locale): Promise<BankOption[]> {
  return cached(db, `banks:${locale}:${query.bankHeadCode ?? ''}:${query.keyword ?? ''}`, async () => {
    let q = db
      .selectFrom('bank_branch as b')
      .innerJoin('bank_head as h', 'h.code', 'b.head_code')
      .select(['b.code', 'b.name_zh', 'b.name_en', 'b.head_code', 'h.name_zh as head_zh', 'h.name_en as head_en', 'b.swift_code', 'b.country_code', 'b.province_name', 'b.city_name']);
    if (query.bankHeadCode) q = q.where('b.head_code', '=', query.bankHeadCode);
    // The expression of the branch search's trigram index (migration T1020).
    if (query.keyword) q = q.where(sql<string>`lower(b.name_zh || ' ' || b.name_en || ' ' || b.code)`, 'like', containsPattern(query.keyword.toLowerCase()));
    const rows = await q.orderBy('b.head_code').orderBy('b.code').limit(LOOKUP_LIMIT).execute();
    return rows.map((r) => ({
      bankCode: r.code,
      bankName: locale === 'en' ? r.name_en : r.name_zh,
      bankHeadCode: r.head_code,
      bankHead: locale === 'en' ? r.head_en : r.head_zh,
      swiftCode: r.swift_code,
      countryCode: r.country_code,
      province: r.province_name,
      city: r.city_name,
    }));
  });
}

interface DictRow {
  dict_key: string;
  label_zh: string;
  label_en: string;
  extra: Record<string, unknown> | null;
}

/** A dictionary's entries whose key or either label contains the keyword. */
function searchDictionary(db: Db, dictType: string, keyword: string | undefined): Promise<DictRow[]> {
  let q = db.selectFrom('dict_entry').select(['dict_key', 'label_zh', 'label_en', 'extra']).where('dict_type', '=', dictType);
  if (keyword) q = q.where(sql<string>`lower(dict_key || ' ' || label_zh || ' ' || label_en)`, 'like', containsPattern(keyword.toLowerCase()));
  return q.orderBy('sort').orderBy('dict_key').limit(LOOKUP_LIMIT).execute();
}

export function searchCompanies(db: Db, keyword: string | undefined, locale: Locale): Promise<CompanyOption[]> {
  return cached(db, `companies:${locale}:${keyword ?? ''}`, async () =>
    (await searchDictionary(db, ERP_DICT_TYPES.companies, keyword)).map((r) => ({ companyCode: r.dict_key, companyName: locale === 'en' ? r.label_en : r.label_zh })),
  );
}

export function searchPurchaseOrgs(db: Db, query: PurchaseOrgSearchQuery, locale: Locale): Promise<PurchaseOrgOption[]> {
  const companies = query.companyCodes ? [...query.companyCodes].sort() : undefined;
  return cached(db, `orgs:${locale}:${companies?.join(',') ?? '*'}:${query.keyword ?? ''}`, async () => {
    const rows = await searchDictionary(db, ERP_DICT_TYPES.purchasingOrgs, query.keyword);
    return rows
      .map((r) => ({ purOrgCode: r.dict_key, purOrgDesc: locale === 'en' ? r.label_en : r.label_zh, companyCode: typeof r.extra?.companyCode === 'string' ? r.extra.companyCode : null }))
      .filter((o) => !companies || (o.companyCode !== null && companies.includes(o.companyCode)));
  });
}

/** The codes the release form's selects offer, which its rules accept (domain `ReleaseRuleContext.reference`). */
export function releaseReferenceCodes(db: Db): Promise<ErpCodeLists> {
  return cached(db, 'codes', async () => {
    const types = Object.values(ERP_DICT_TYPES);
    const rows = await db.selectFrom('dict_entry').select(['dict_type', 'dict_key']).where('dict_type', 'in', types).execute();
    const of = (type: string) => rows.filter((r) => r.dict_type === type).map((r) => r.dict_key);
    return {
      companyCodes: of(ERP_DICT_TYPES.companies),
      purchasingOrganizations: of(ERP_DICT_TYPES.purchasingOrgs),
      reconciliationAccounts: of(ERP_DICT_TYPES.reconciliationAccounts),
      paymentTerms: of(ERP_DICT_TYPES.paymentTerms),
      paymentMethods: of(ERP_DICT_TYPES.paymentMethods),
      currencies: of(ERP_DICT_TYPES.currencies),
      incoterms: of(ERP_DICT_TYPES.incoterms),
    };
  });
}

/** Req flow §9: default company codes and purchasing organisations (default_company_and_organization, comma separated). */
export function defaultCompanyAndOrganization(db: Db): Promise<{ companyCodes: string[]; purchasingOrgs: string[] }> {
  return cached(db, 'defaults', async () => {
    const rows = await db.selectFrom('dict_entry').select(['dict_key', 'label_zh']).where('dict_type', '=', 'default_company_and_organization').execute();
    const list = (key: string) => (rows.find((r) => r.dict_key === key)?.label_zh ?? '').split(',').map((c) => c.trim()).filter(Boolean);
    return { companyCodes: list('COMPANY'), purchasingOrgs: list('PURCHASE_ORGANIZATION') };
  });
}
