import type { Contract } from '#domain/contracts/contract.ts';
import { LOCALE_HEADER } from '#domain/i18n.ts';
import { currentLocale } from '#web/i18n.ts';
import { ApiError } from './client.ts';

/**
 * Saves a file answer under `fileName`. A "file" that is really a JSON envelope (a refusal) is raised as the API's
 * error with its message (req rfi §8).
 */
export async function saveAnswer(res: Response, fileName: string): Promise<void> {
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('application/json')) {
    const answer = (await res.json().catch(() => null)) as { code?: number; message?: string } | null;
    throw new ApiError(res.status, answer?.code ?? res.status * 100, answer?.message ?? res.statusText);
  }
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** POSTs to an endpoint answering with a generated file (an .xlsx export) and saves it under `fileName`. */
export async function downloadGenerated(c: Contract, body: unknown, fileName: string): Promise<void> {
  const res = await fetch(c.path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', [LOCALE_HEADER]: currentLocale() },
    body: JSON.stringify(body),
  });
  await saveAnswer(res, fileName);
}
