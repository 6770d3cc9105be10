/** Longest file name kept (in characters); longer names are cut before the extension. */
export const MAX_FILE_NAME_LENGTH = 200;

/**
 * A client's file name made safe to keep and to show: only the last path part, no control or
 * bidi-override characters (which can disguise "exe.pdf" as "fdp.exe"), no leading dots, at most
 * MAX_FILE_NAME_LENGTH characters with the extension kept. It is never used in a storage path.
 */
export function sanitizeFileName(raw: string): string {
  const lastPart = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = lastPart
    // C0/C1 controls (NUL included) and Unicode direction overrides/isolates.
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const chars = Array.from(cleaned); // by code point, so a cut never splits a character
  if (chars.length <= MAX_FILE_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(cleaned.slice(dot)) : [];
  if (ext.length > 16) return chars.slice(0, MAX_FILE_NAME_LENGTH).join('');
  const base = Array.from(cleaned.slice(0, dot > 0 ? dot : cleaned.length));
  return base.slice(0, MAX_FILE_NAME_LENGTH - ext.length).join('').trimEnd() + ext.join('');
}

/**
 * The name a download is saved under: the caller's wish when it survives sanitising, else the
 * stored name, and always with the stored file's extension (a wish cannot turn a PDF into .html).
 */
export function downloadFileName(requested: string | undefined, stored: string): string {
  const ext = extOf(stored);
  const wish = requested ? sanitizeFileName(requested) : '';
  if (!wish) return stored;
  return !ext || extOf(wish) === ext ? wish : `${wish}.${ext}`;
}

function extOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}
