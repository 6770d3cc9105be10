import type { Locale } from './i18n.ts';

/**
 * Reference templates offered for download (req flow §2.6: checklist issue, aptitude panel, system
 * certification materials), by the configKey of GET /common/v1/template-download.
 */
export const FILE_TEMPLATES = {
  self_inspection_template: { zh: '供应商自检清单模板.xlsx', en: 'Self-inspection checklist template.xlsx' },
  aptitude_template: { zh: '资质匹配模板.docx', en: 'Qualification matching template.docx' },
  system_cert_template: { zh: '体系认证材料清单.xlsx', en: 'System certification materials.xlsx' },
} as const satisfies Record<string, Record<Locale, string>>;

export type FileTemplateKey = keyof typeof FILE_TEMPLATES;

export function isFileTemplateKey(key: string): key is FileTemplateKey {
  return Object.hasOwn(FILE_TEMPLATES, key);
}
