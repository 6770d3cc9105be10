import type { Page } from 'playwright-core';
import { RFI_STEPS } from '#domain/rfi/steps.ts';
import { RFI_SECTION_PATHS } from '#domain/rfi/section-paths.ts';
import { validSections } from '../../support/rfi-cases/fixtures.ts';
import { pdfBytes } from '../../support/sample-files.ts';

interface Envelope<T> {
  code: number;
  data: T;
  message?: string;
  errors?: Record<string, string>;
}

/** The supplier session the login page stored in the browser (web/api/supplier-session.ts). */
export async function supplierSessionOf(page: Page): Promise<{ temp: string; token: string }> {
  const raw = await page.evaluate(() => sessionStorage.getItem('supplier_session'));
  if (!raw) throw new Error('the supplier is not logged in on this page');
  return JSON.parse(raw) as { temp: string; token: string };
}

/**
 * Answers and submits the whole questionnaire through the supplier's own calls (the session of
 * `page`), for suites about what happens after a submission. The questionnaire's screens are
 * exercised by rfi-questionnaire.e2e.ts.
 */
export async function submitQuestionnaireByApi(appUrl: string, page: Page): Promise<void> {
  const { temp, token } = await supplierSessionOf(page);
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${appUrl}${path}${path.includes('?') ? '&' : '?'}temp=${encodeURIComponent(temp)}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'x-locale': 'zh', ...(init.body && !(init.body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    });
    const body = (await res.json()) as Envelope<T>;
    if (!res.ok || body.code !== 0) throw new Error(`${path}: ${res.status} ${body.message ?? ''} ${JSON.stringify(body.errors ?? {})}`);
    return body.data;
  };
  const upload = async (name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdfBytes(name))], { type: 'application/pdf' }), name);
    const file = await call<{ url: string; fileName: string }>('/v1/rfi/upload', { method: 'POST', body: form });
    return { name: file.fileName, url: file.url };
  };

  const sections = validSections();
  const licence = await upload('business-licence.pdf');
  Object.assign(sections.company, { businessLicenseName: licence.name, businessLicenseUrl: licence.url });
  for (const row of (sections.certificates as { certificateList: Record<string, unknown>[] }).certificateList) {
    if (row.hold !== true) continue;
    const cert = await upload(`${String(row.certificateType)}.pdf`);
    Object.assign(row, { certificateName: cert.name, certificateFileUrl: cert.url });
  }
  for (const row of (sections.otherCapability as { exampleList: Record<string, unknown>[] }).exampleList) {
    const example = await upload('example.pdf');
    Object.assign(row, { exampleName: example.name, exampleFileUrl: example.url });
  }
  // Contacts name the application's own small categories.
  const categories = await call<{ code: string }[]>('/v1/rfi/get-flow-category-info').catch(() => []);
  if (categories.length) {
    for (const row of (sections.contacts as { contactList: Record<string, unknown>[] }).contactList) row.categoryCodeList = [categories[0].code];
  }

  let { version } = await call<{ version: number }>(`/v1/rfi/get-${RFI_SECTION_PATHS.company}`);
  for (const step of RFI_STEPS) {
    const saved = await call<{ version: number }>(`/v1/rfi/save-${RFI_SECTION_PATHS[step.key]}?save=true`, {
      method: 'POST',
      body: JSON.stringify({ data: sections[step.key], version }),
    });
    version = saved.version;
  }
  await call('/v1/rfi/submit', { method: 'POST' });
}

/** Submits again what is stored (after a return), as the last step's Submit does. */
export async function resubmitByApi(appUrl: string, page: Page): Promise<void> {
  const { temp, token } = await supplierSessionOf(page);
  const res = await fetch(`${appUrl}/v1/rfi/submit?temp=${encodeURIComponent(temp)}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as Envelope<unknown>;
  if (!res.ok || body.code !== 0) throw new Error(`submit: ${res.status} ${body.message ?? ''}`);
}
