import countries from 'i18n-iso-countries';
import enLocale from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import zhLocale from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };
import type { AreaSeed } from './china-divisions.ts';

countries.registerLocale(enLocale);
countries.registerLocale(zhLocale);

// Names used across the product for China and its regions (the hk_mo_tw dictionary says the same).
const OVERRIDES: Record<string, { zh: string; en: string }> = {
  CN: { zh: '中国', en: 'China' },
  HK: { zh: '中国香港', en: 'Hong Kong, China' },
  MO: { zh: '中国澳门', en: 'Macao, China' },
  TW: { zh: '中国台湾', en: 'Taiwan, China' },
};

/** Every ISO 3166-1 country and region, code = alpha-2. */
export function countryAreas(): AreaSeed[] {
  const zh = countries.getNames('zh');
  const en = countries.getNames('en');
  return Object.keys(countries.getAlpha2Codes()).map((code) => ({
    code,
    level: 'country',
    parentCode: null,
    zh: OVERRIDES[code]?.zh ?? zh[code] ?? en[code] ?? code,
    en: OVERRIDES[code]?.en ?? en[code] ?? code,
  }));
}
