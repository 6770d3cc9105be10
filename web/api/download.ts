import type { Contract } from '#domain/contracts/contract.ts';
import { LOCALE_HEADER } from '#domain/i18n.ts';
import { currentLocale } from '#web/i18n.ts';
import { ApiError } from './client.ts';

/**
 * POSTs to an endpoint answering with a generated file (an .xlsx export) and saves the answer under `fileName`; a refusal
 * comes back as JSON and is raised as the API's error.
 */
export async function downloadFile(c: Contract, body: unknown, fileName: string): Promise<void> {
  const res = await fetch(c.path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', [LOCALE_HEADER]: currentLocale() },
    body: JSON.stringify(body),
  });
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
