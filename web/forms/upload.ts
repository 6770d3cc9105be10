import { LOCALE_HEADER } from '#domain/i18n.ts';
import { ApiError, REQUEST_TIMEOUT_MS } from '#web/api/client.ts';
import { saveAnswer } from '#web/api/download.ts';
import { portalSession } from '#web/api/portal-session.ts';
import { supplierSession } from '#web/api/supplier-session.ts';
import { currentLocale } from '#web/i18n.ts';

/** What the upload endpoints answer (req rfi §3 "Uploaded file result"). */
export interface UploadResult {
  fileKey: string;
  fileName: string;
  name: string;
  url: string;
  fileUrl: string;
  size: number;
  relationType: number;
}

export { checkUpload } from './upload-check.ts';

/**
 * Whose session a file call rides on: staff send their cookie; a questionnaire supplier and a portal
 * account send their own Bearer token (a plain link would carry only cookies).
 */
export type FileSession = 'staff' | 'supplier' | 'portal';

function bearer(session: FileSession): string | undefined {
  if (session === 'supplier') return supplierSession.get()?.token;
  if (session === 'portal') return portalSession.token() ?? undefined;
  return undefined;
}

function authorise(xhr: XMLHttpRequest, session: FileSession): void {
  xhr.setRequestHeader(LOCALE_HEADER, currentLocale());
  xhr.setRequestHeader('accept', 'application/json');
  const token = bearer(session);
  if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
}

/**
 * Sends one file as multipart field `file` with XMLHttpRequest, which (unlike fetch) reports upload
 * progress. Resolves with the stored file; rejects with an ApiError carrying the server's message.
 */
export function uploadFile(
  path: string,
  file: File,
  options: { session: FileSession; onProgress?: (percent: number) => void; signal?: AbortSignal },
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    // Larger files get more time than the usual 30 s: 30 MB over a slow line takes a while.
    xhr.timeout = REQUEST_TIMEOUT_MS * 10;
    authorise(xhr, options.session);
    xhr.upload.onprogress = (e) => e.lengthComputable && options.onProgress?.(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: { code?: number; data?: UploadResult; message?: string; msg?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.code === 0 && body.data) resolve(body.data);
      // Without a server message (a proxy's error page) the field shows its own failure text.
      else reject(new ApiError(xhr.status, body?.code ?? xhr.status * 100, body?.message ?? body?.msg ?? ''));
    };
    xhr.onerror = () => reject(new ApiError(0, 0, ''));
    xhr.ontimeout = () => reject(new ApiError(0, 0, ''));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    const data = new FormData();
    data.append('file', file);
    xhr.send(data);
  });
}

/**
 * Downloads a stored file through fetch, so a supplier's Bearer token goes along. Req rfi §8: a
 * "file" that is really a JSON envelope is an error with a message.
 */
export async function downloadFile(url: string, fileName: string, session: FileSession): Promise<void> {
  const headers: Record<string, string> = { [LOCALE_HEADER]: currentLocale() };
  const token = bearer(session);
  if (token) headers.authorization = `Bearer ${token}`;
  await saveAnswer(await fetch(url, { headers, credentials: 'include' }), fileName);
}
