/** Upload rules of req rfi §5 and req flow §5.14: one file at a time, 30 MB, these extensions. */
export const MAX_UPLOAD_BYTES = 30 * 1024 * 1024;

export const UPLOAD_EXTENSIONS = ['doc', 'docx', 'pdf', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'jpg', 'jpeg', 'png', 'csv'] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** Node attachments (aptitude, meeting conclusions, checklist templates) accept no txt or csv. */
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'jpg', 'jpeg', 'png'] as const;

/** Multiple-file fields default to 5 files (req flow §5.14). */
export const DEFAULT_MULTI_FILE_LIMIT = 5;

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function isAllowedExtension(fileName: string, allowed: readonly string[] = UPLOAD_EXTENSIONS): boolean {
  return allowed.includes(extensionOf(fileName));
}

/** Relation type of an uploaded file row (req rfi §3). */
export const FILE_RELATION_TYPE = 60;

export interface UploadedFile {
  fileKey: string;
  fileName: string;
  url: string;
  size: number;
  relationType: typeof FILE_RELATION_TYPE;
}
