/**
 * The questionnaire's file fields: each URL field with the name field beside it (req rfi §3 "Uploaded
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
  const refs: FileRef[] = [];
  collectFileRefs(value, path, refs);
  return refs;
}

// One path array walked in place: a save runs this over every row of its step.
function collectFileRefs(value: unknown, path: string[], refs: FileRef[]): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (!isRecord(v)) continue;
      path.push(String(i));
      collectFileRefs(v, path, refs);
      path.pop();
    }
    return;
  }
  if (!isRecord(value)) return;
  for (const key in value) {
    const v = value[key];
    if (key in FILE_NAME_FIELD) {
      if (typeof v === 'string' && v) refs.push({ path: [...path, key].join('.'), url: v });
    } else if (isRecord(v)) {
      path.push(key);
      collectFileRefs(v, path, refs);
      path.pop();
    }
  }
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
