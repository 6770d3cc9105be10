import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import type { Locale } from '#domain/i18n.ts';
import { FILE_TEMPLATES, isFileTemplateKey, type FileTemplateKey } from '#domain/file-templates.ts';
import { contentTypeOf } from './content-check.ts';
import { downloadFileName } from './file-name.ts';
import type { OpenedFile } from './download.ts';

const TEMPLATE_DIR = fileURLToPath(new URL('../../db/seeds/templates/', import.meta.url));

const XLSX = contentTypeOf('xlsx');
const DOCX = contentTypeOf('docx');

/** The whitelist: a configKey names one file shipped in the repository, nothing else is reachable. */
const TEMPLATE_FILES: Record<FileTemplateKey, { file: string; contentType: string }> = {
  self_inspection_template: { file: 'self-inspection-checklist.xlsx', contentType: XLSX },
  aptitude_template: { file: 'aptitude-matching.docx', contentType: DOCX },
  system_cert_template: { file: 'system-certification-materials.xlsx', contentType: XLSX },
};

/**
 * Opens a reference template, or null for an unknown key. The download name is the caller's
 * fileName when given (sanitised, with the template's real extension), else the localised name.
 */
export async function openTemplate(configKey: string, fileName: string | undefined, locale: Locale): Promise<OpenedFile | null> {
  if (!isFileTemplateKey(configKey)) return null;
  const entry = TEMPLATE_FILES[configKey];
  const full = `${TEMPLATE_DIR}${entry.file}`;
  const stat = await fs.promises.stat(full).catch(() => null);
  if (!stat?.isFile()) return null;
  const name = downloadFileName(fileName, FILE_TEMPLATES[configKey][locale]);
  const body: Readable = fs.createReadStream(full);
  return { fileName: name, contentType: entry.contentType, size: stat.size, body };
}
