import { e, type DictSeed } from './dict-types.ts';

/**
 * Company classification, regions and phone area codes (req rfi §3, §5); the currencies are the ERP's
 * (dict-erp.ts).
 * The subcategory keys are the national enterprise registration type codes.
 */
export const COMPANY_DICTS: DictSeed = {
  // Req rfi §3: 20 = Hong Kong/Macao/Taiwan shareholder, 30 = foreign shareholder.
  company_category: [
    e('10', '内资企业', 'Domestic enterprise'),
    e('20', '港澳台商投资企业', 'Enterprise with Hong Kong, Macao or Taiwan shareholders'),
    e('30', '外商投资企业', 'Enterprise with foreign shareholders'),
  ],
  company_category_10: [
    e('110', '国有企业', 'State-owned enterprise'),
    e('120', '集体企业', 'Collective enterprise'),
    e('130', '股份合作企业', 'Joint-stock cooperative'),
    e('140', '联营企业', 'Joint operation enterprise'),
    e('150', '有限责任公司', 'Limited liability company'),
    e('160', '股份有限公司', 'Company limited by shares'),
    e('170', '私营企业', 'Private enterprise'),
    e('190', '其他内资企业', 'Other domestic enterprise'),
  ],
  company_category_20: [
    e('210', '合资经营企业（港或澳、台资）', 'Equity joint venture (Hong Kong, Macao or Taiwan)'),
    e('220', '合作经营企业（港或澳、台资）', 'Contractual joint venture (Hong Kong, Macao or Taiwan)'),
    e('230', '港、澳、台商独资经营企业', 'Wholly Hong Kong, Macao or Taiwan owned enterprise'),
    e('240', '港、澳、台商投资股份有限公司', 'Company limited by shares with Hong Kong, Macao or Taiwan investment'),
    e('290', '其他港、澳、台商投资企业', 'Other Hong Kong, Macao or Taiwan invested enterprise'),
  ],
  company_category_30: [
    e('310', '中外合资经营企业', 'Sino-foreign equity joint venture'),
    e('320', '中外合作经营企业', 'Sino-foreign contractual joint venture'),
    e('330', '外资企业', 'Wholly foreign-owned enterprise'),
    e('340', '外商投资股份有限公司', 'Foreign-invested company limited by shares'),
    e('390', '其他外商投资企业', 'Other foreign-invested enterprise'),
  ],

  // Partner region for company category 20 (req rfi §5); keys are the ISO codes the area table uses.
  hk_mo_tw: [e('HK', '中国香港', 'Hong Kong, China'), e('MO', '中国澳门', 'Macao, China'), e('TW', '中国台湾', 'Taiwan, China')],

  // The default +86 comes first (req rfi §9); keys are what contactAreaCode stores.
  world_area_code: [
    e('+86', '+86 中国大陆', '+86 Chinese mainland'),
    e('+852', '+852 中国香港', '+852 Hong Kong, China'),
    e('+853', '+853 中国澳门', '+853 Macao, China'),
    e('+886', '+886 中国台湾', '+886 Taiwan, China'),
    e('+1', '+1 美国/加拿大', '+1 United States / Canada'),
    e('+44', '+44 英国', '+44 United Kingdom'),
    e('+49', '+49 德国', '+49 Germany'),
    e('+33', '+33 法国', '+33 France'),
    e('+39', '+39 意大利', '+39 Italy'),
    e('+34', '+34 西班牙', '+34 Spain'),
    e('+31', '+31 荷兰', '+31 Netherlands'),
    e('+32', '+32 比利时', '+32 Belgium'),
    e('+41', '+41 瑞士', '+41 Switzerland'),
    e('+43', '+43 奥地利', '+43 Austria'),
    e('+46', '+46 瑞典', '+46 Sweden'),
    e('+420', '+420 捷克', '+420 Czechia'),
    e('+48', '+48 波兰', '+48 Poland'),
    e('+36', '+36 匈牙利', '+36 Hungary'),
    e('+7', '+7 俄罗斯', '+7 Russia'),
    e('+90', '+90 土耳其', '+90 Türkiye'),
    e('+81', '+81 日本', '+81 Japan'),
    e('+82', '+82 韩国', '+82 South Korea'),
    e('+65', '+65 新加坡', '+65 Singapore'),
    e('+60', '+60 马来西亚', '+60 Malaysia'),
    e('+66', '+66 泰国', '+66 Thailand'),
    e('+84', '+84 越南', '+84 Vietnam'),
    e('+62', '+62 印度尼西亚', '+62 Indonesia'),
    e('+63', '+63 菲律宾', '+63 Philippines'),
    e('+91', '+91 印度', '+91 India'),
    e('+971', '+971 阿联酋', '+971 United Arab Emirates'),
    e('+966', '+966 沙特阿拉伯', '+966 Saudi Arabia'),
    e('+61', '+61 澳大利亚', '+61 Australia'),
    e('+64', '+64 新西兰', '+64 New Zealand'),
    e('+52', '+52 墨西哥', '+52 Mexico'),
    e('+55', '+55 巴西', '+55 Brazil'),
    e('+27', '+27 南非', '+27 South Africa'),
  ],
};
