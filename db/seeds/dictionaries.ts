import type { Db } from '../connection.ts';
import { CERTIFICATION_DICTS } from './reference/dict-certification.ts';
import { COMPANY_DICTS } from './reference/dict-company.ts';
import { ERP_DICTS } from './reference/dict-erp.ts';
import { EXIT_DICTS } from './reference/dict-exit.ts';
import { QUESTIONNAIRE_DICTS } from './reference/dict-questionnaire.ts';
import { SHELL_DICTS } from './reference/dict-shell.ts';
import type { DictSeed } from './reference/dict-types.ts';
import { upsertRows } from './upsert.ts';

const DICTIONARIES: DictSeed = { ...QUESTIONNAIRE_DICTS, ...COMPANY_DICTS, ...CERTIFICATION_DICTS, ...ERP_DICTS, ...EXIT_DICTS, ...SHELL_DICTS };

/** Labels, order and attributes follow the seed data; entries are never removed here. */
export async function seedDictionaries(db: Db): Promise<void> {
  const rows = Object.entries(DICTIONARIES).flatMap(([type, entries]) =>
    entries.map((entry, index) => ({
      dict_type: type,
      dict_key: entry.key,
      label_zh: entry.zh,
      label_en: entry.en,
      sort: (index + 1) * 10,
      extra: entry.extra ? JSON.stringify(entry.extra) : null,
    })),
  );
  await upsertRows(db, 'dict_entry', rows, { key: ['dict_type', 'dict_key'], update: ['label_zh', 'label_en', 'sort', 'extra'] });
}
