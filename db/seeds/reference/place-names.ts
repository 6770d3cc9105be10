import { pinyin } from 'pinyin-pro';

/** English names of China's provinces, as they are conventionally written. Keyed by division code. */
export const PROVINCE_EN: Record<string, string> = {
  '11': 'Beijing',
  '12': 'Tianjin',
  '13': 'Hebei',
  '14': 'Shanxi',
  '15': 'Inner Mongolia',
  '21': 'Liaoning',
  '22': 'Jilin',
  '23': 'Heilongjiang',
  '31': 'Shanghai',
  '32': 'Jiangsu',
  '33': 'Zhejiang',
  '34': 'Anhui',
  '35': 'Fujian',
  '36': 'Jiangxi',
  '37': 'Shandong',
  '41': 'Henan',
  '42': 'Hubei',
  '43': 'Hunan',
  '44': 'Guangdong',
  '45': 'Guangxi',
  '46': 'Hainan',
  '50': 'Chongqing',
  '51': 'Sichuan',
  '52': 'Guizhou',
  '53': 'Yunnan',
  '54': 'Tibet',
  '61': 'Shaanxi',
  '62': 'Gansu',
  '63': 'Qinghai',
  '64': 'Ningxia',
  '65': 'Xinjiang',
};

// Ethnic groups named in autonomous prefectures and counties, longest first so 蒙古族 wins over 蒙古.
const ETHNIC_EN: [string, string][] = (
  [
    ['朝鲜族', 'Korean'],
    ['土家族', 'Tujia'],
    ['苗族', 'Miao'],
    ['藏族', 'Tibetan'],
    ['羌族', 'Qiang'],
    ['彝族', 'Yi'],
    ['布依族', 'Bouyei'],
    ['侗族', 'Dong'],
    ['壮族', 'Zhuang'],
    ['傣族', 'Dai'],
    ['白族', 'Bai'],
    ['景颇族', 'Jingpo'],
    ['傈僳族', 'Lisu'],
    ['哈尼族', 'Hani'],
    ['回族', 'Hui'],
    ['黎族', 'Li'],
    ['蒙古族', 'Mongol'],
    ['蒙古', 'Mongol'],
    ['柯尔克孜', 'Kirgiz'],
    ['哈萨克', 'Kazakh'],
  ] as [string, string][]
).sort((a, b) => b[0].length - a[0].length);

const SUFFIXES: [string, string][] = [
  ['自治州', 'Autonomous Prefecture'],
  ['自治县', 'Autonomous County'],
  ['地区', 'Prefecture'],
  ['林区', 'Forestry District'],
  ['盟', 'League'],
  ['县', 'County'],
  ['市', ''],
];

/** Hanyu pinyin written as a place name: one word, capitalised, apostrophe before a/o/e (Xi'an). */
function placePinyin(zh: string): string {
  const syllables = pinyin(zh, { toneType: 'none', type: 'array' });
  const word = syllables.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** English name of a prefecture- or county-level division: pinyin of the proper name plus its kind. */
export function divisionEnglishName(zh: string): string {
  const suffix = SUFFIXES.find(([s]) => zh.endsWith(s));
  let base = suffix ? zh.slice(0, -suffix[0].length) : zh;
  const ethnics: string[] = [];
  for (;;) {
    const hit = ETHNIC_EN.find(([name]) => base.endsWith(name));
    if (!hit || hit[0].length === base.length) break;
    ethnics.unshift(hit[1]);
    base = base.slice(0, -hit[0].length);
  }
  return [placePinyin(base), ...ethnics, suffix?.[1] ?? ''].filter(Boolean).join(' ');
}
