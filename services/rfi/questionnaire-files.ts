import type { Db } from '#db/connection.ts';
import { fileKeyOf } from '#domain/cert-flow/documents.ts';
import { fileRefsOf, withStoredFiles } from '#domain/rfi/sections/file-fields.ts';
import { requireStoredUrls, type FileReferrer } from '#services/files/stored-documents.ts';
import type { ApplicationState, QuestionnaireMode } from './questionnaire.ts';

/**
 * The file fields of a section being saved (no free URLs, architecture §6): each URL must name
 * a file the writer stored — the supplier its own uploads, staff in expand mode staff uploads or this
 * flow's — or one already in this section; 400 'unknownFile' on the field otherwise. The stored file's
 * name and URL replace what the client sent.
 */
export async function bindSectionFiles<T>(db: Db, app: ApplicationState, mode: Exclude<QuestionnaireMode, 'audit'>, value: T, stored: unknown): Promise<T> {
  const refs = fileRefsOf(value);
  if (!refs.length) return value;
  const who: FileReferrer = mode === 'supplier' ? { kind: 'supplier', ownerId: app.applyNo } : { kind: 'staff', flowNo: app.flowNo };
  const known = new Set(fileRefsOf(stored).flatMap((r) => fileKeyOf(r.url) ?? []));
  const found = await requireStoredUrls(db, who, Object.fromEntries(refs.map((r) => [r.path, r.url])), known);
  return withStoredFiles(value, found);
}
