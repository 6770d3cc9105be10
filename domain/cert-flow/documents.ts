import { z } from 'zod';
import { DOCUMENT_EXTENSIONS, isAllowedExtension } from '../files.ts';
import { type MessageId, withParams } from '../messages.ts';

/**
 * An attachment of a node (req flow §3.11): the uploaded file's name and its download URL, as the
 * upload call returned them. The server also checks that the file was really stored
 * (services/files/stored-documents.ts).
 */
const DOWNLOAD_PREFIX = '/common/v1/simple-download?fileKey=';

export const documentItem = z.object({
  documentName: z
    .string()
    .trim()
    .min(1, 'required')
    .max(200, withParams('maxLength', { max: 200 }))
    .refine((n) => isAllowedExtension(n, DOCUMENT_EXTENSIONS), 'fileTypeNotAllowed'),
  documentUrl: z.string().trim().max(500, withParams('maxLength', { max: 500 })).startsWith(DOWNLOAD_PREFIX, 'unknownFile'),
});
export type DocumentItem = z.infer<typeof documentItem>;

/** A list of 1..max attachments; `missing` is the requirements’ message for an empty list. */
export function documentList(opts: { max: number; missing?: MessageId }) {
  return z
    .array(documentItem)
    .min(1, opts.missing ?? 'uploadAttachments')
    .max(opts.max, withParams('tooManyFiles', { max: opts.max }));
}

/** The stored file key inside a document URL. */
export function fileKeyOf(documentUrl: string): string | undefined {
  if (!documentUrl.startsWith(DOWNLOAD_PREFIX)) return undefined;
  return new URLSearchParams(documentUrl.slice(documentUrl.indexOf('?') + 1)).get('fileKey') ?? undefined;
}
