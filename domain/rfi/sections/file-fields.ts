/**
 * The questionnaire's file fields: each URL field with the name field beside it (spec 1 §3 "Uploaded
 * file result"). The server fills the name from the stored file, so a client cannot rename an upload.
 */
export const FILE_NAME_FIELD: Readonly<Record<string, string>> = {
  businessLicenseUrl: 'businessLicenseName',
  companyProfileUrl: 'companyProfileName',
  certificateFileUrl: 'certificateName',
  exampleFileUrl: 'exampleName',
};

export interface FileRef {
  /** Dot path of the URL field, as field errors name it. */
  path: string;
  url: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Every non-empty file URL in a section's value, at any depth. */
export function fileRefsOf(value: unknown, path: string[] = []): FileRef[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => fileRefsOf(v, [...path, String(i)]));
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, v]) => {
    if (key in FILE_NAME_FIELD) return typeof v === 'string' && v ? [{ path: [...path, key].join('.'), url: v }] : [];
    return fileRefsOf(v, [...path, key]);
  });
}

/** A copy of the value with each file field's URL and name as `stored` gives them by path. */
export function withStoredFiles<T>(value: T, stored: Readonly<Record<string, { url: string; name: string }>>, path: string[] = []): T {
  if (Array.isArray(value)) return value.map((v, i) => withStoredFiles(v, stored, [...path, String(i)])) as T;
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = key in FILE_NAME_FIELD ? v : withStoredFiles(v, stored, [...path, key]);
  for (const [urlKey, nameKey] of Object.entries(FILE_NAME_FIELD)) {
    const ref = stored[[...path, urlKey].join('.')];
    if (ref) Object.assign(out, { [urlKey]: ref.url, [nameKey]: ref.name });
  }
  return out as T;
}
