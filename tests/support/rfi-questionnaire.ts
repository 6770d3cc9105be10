import type { Db } from '#db/connection.ts';
import { RFI_SECTION_PATHS } from '#domain/rfi/section-paths.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import { hashToken, newToken } from '#adapters/security/tokens.ts';
import { ensureTask } from '#services/cert-flow/projection.ts';
import { issueRfiInvitation } from '#services/rfi/invitation.ts';
import { insertAppliedFlow } from './flow-at-node.ts';
import { pdfBytes } from './sample-files.ts';
import { fileRefsOf, withStoredFiles } from '#domain/rfi/sections/file-fields.ts';

export { validSections } from '#domain/rfi/cases/fixtures.ts';

/** Seeded staff the flows below name: the purchasing manager and the CMT leader who review. */
export const PURCHASER = 'E10002';
export const CMT_LEADER = 'E10010';
export const OTHER_PURCHASER = 'E10003';

/**
 * A flow at its RFI node with the supplier invited and logged in (a live supplier session), as the
 * workflow would have left it: the application, the open REGISTER_RFI task.
 */
export async function invitedSupplier(
  db: Db,
  secret: string,
  opts: { applyType?: number; creditCode?: string; supplierName?: string } = {},
): Promise<{ flowNo: string; applyNo: string; temp: string; authorization: string }> {
  const { flowNo, email } = await insertAppliedFlow(db, opts);
  const { applyNo, temp } = await issueRfiInvitation(db, { flowNo, email, locale: 'zh', secret });
  await ensureTask(db, { flowNo, nodeCode: 'RFI', taskType: 'REGISTER_RFI', taskName: 'RFI', principalJobNumber: PURCHASER, applyNo });
  return { flowNo, applyNo, temp, authorization: await supplierSession(db, applyNo) };
}

/** The Authorization header of a fresh supplier session for the application. */
export async function supplierSession(db: Db, applyNo: string): Promise<string> {
  const token = newToken();
  await db.insertInto('supplier_session').values({ token_hash: hashToken(token), apply_no: applyNo, expires_at: new Date(Date.now() + 3_600_000) }).execute();
  return `Bearer ${token}`;
}

export interface Answer {
  status: number;
  body: { code: number; message?: string; data?: any; errors?: Record<string, string> };
}

async function answer(res: Response): Promise<Answer> {
  return { status: res.status, body: await res.json() };
}

/**
 * Replaces each file URL of a section (the fixtures' placeholders) by a real upload of this caller,
 * as the web's upload fields do: the server takes no URL of a file the caller did not store. An URL
 * this uploader made is kept; one upload per placeholder.
 */
export function fileUploader(baseUrl: string, path: string, headers: Record<string, string>) {
  const uploaded = new Map<string, string>();
  const made = new Set<string>();
  return async <T>(data: T): Promise<T> => {
    const stored: Record<string, { url: string; name: string }> = {};
    for (const ref of fileRefsOf(data)) {
      if (made.has(ref.url)) continue;
      let url = uploaded.get(ref.url);
      if (!url) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(pdfBytes(ref.url))], { type: 'application/pdf' }), 'file.pdf');
        const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: form });
        const body = (await res.json()) as { data: { url: string } };
        if (res.status !== 200) throw new Error(`upload failed: ${JSON.stringify(body)}`);
        url = body.data.url;
        uploaded.set(ref.url, url);
        made.add(url);
      }
      stored[ref.path] = { url, name: 'file.pdf' };
    }
    return withStoredFiles(data, stored);
  };
}

/** The supplier's questionnaire calls, as the web makes them. */
export function supplierClient(baseUrl: string, s: { temp: string; authorization: string }, locale = 'zh') {
  const headers = { authorization: s.authorization, 'x-locale': locale, 'content-type': 'application/json' };
  const q = (extra: Record<string, string> = {}) => new URLSearchParams({ temp: s.temp, ...extra });
  const withUploads = fileUploader(baseUrl, '/v1/rfi/upload', { authorization: s.authorization });
  return {
    read: async (step: RfiStepKey) => answer(await fetch(`${baseUrl}/v1/rfi/get-${RFI_SECTION_PATHS[step]}?${q()}`, { headers })),
    save: async (step: RfiStepKey, data: unknown, version: number, save: boolean) =>
      answer(
        await fetch(`${baseUrl}/v1/rfi/save-${RFI_SECTION_PATHS[step]}?${q({ save: String(save) })}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ data: await withUploads(data), version }),
        }),
      ),
    submit: async () => answer(await fetch(`${baseUrl}/v1/rfi/submit?${q()}`, { method: 'POST', headers })),
    currentStep: async () => answer(await fetch(`${baseUrl}/v1/rfi/current/step?${q()}`, { headers })),
  };
}

/** Saves every step with save=true, in order (a questionnaire ready to submit). */
export async function fillAll(client: ReturnType<typeof supplierClient>, sections: Record<RfiStepKey, unknown>): Promise<number> {
  let version = (await client.read('company')).body.data.version as number;
  for (const [step, data] of Object.entries(sections) as [RfiStepKey, unknown][]) {
    const res = await client.save(step, data, version, true);
    if (res.status !== 200) throw new Error(`saving ${step} failed: ${JSON.stringify(res.body)}`);
    version = res.body.data.version;
  }
  return version;
}
