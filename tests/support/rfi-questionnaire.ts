import type { Db } from '#db/connection.ts';
import { RFI_SECTION_PATHS } from '#domain/rfi/section-paths.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import { ensureTask } from '#services/cert-flow/projection.ts';
import { issueRfiInvitation } from '#services/rfi/invitation.ts';
import { insertAppliedFlow } from './flow-at-node.ts';
import { pdfBytes } from './sample-files.ts';
import { fileRefsOf, withStoredFiles } from '#domain/rfi/sections/file-fields.ts';
import { client, type HttpClient } from './http-client.ts';
import { supplierSession } from './sessions.ts';

export { validSections } from './rfi-cases/fixtures.ts';

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
  return { flowNo, applyNo, temp, ...(await supplierSession(db, applyNo)) };
}

/**
 * Replaces each file URL of a section (the fixtures' placeholders) by a real upload of this caller,
 * as the web's upload fields do: the server takes no URL of a file the caller did not store. An URL
 * this uploader made is kept; one upload per placeholder.
 */
export function fileUploader(api: HttpClient, path: string) {
  const uploaded = new Map<string, string>();
  const made = new Set<string>();
  return async <T>(data: T): Promise<T> => {
    const stored: Record<string, { url: string; name: string }> = {};
    for (const ref of fileRefsOf(data)) {
      if (made.has(ref.url)) continue;
      let url = uploaded.get(ref.url);
      if (!url) {
        const res = await api.upload(path, 'file.pdf', pdfBytes(ref.url), 'application/pdf');
        if (res.status !== 200) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
        url = res.body.data.url as string;
        uploaded.set(ref.url, url);
        made.add(url);
      }
      stored[ref.path] = { url, name: 'file.pdf' };
    }
    return withStoredFiles(data, stored);
  };
}

/** The supplier's questionnaire calls, as the web makes them; without `authorization`, anonymous. */
export function supplierClient(app: { baseUrl: string } | string, s: { temp: string; authorization?: string }, locale: 'zh' | 'en' = 'zh') {
  const api = client(app)
    .as(s.authorization ? { authorization: s.authorization } : null)
    .locale(locale);
  const temp = { temp: s.temp };
  const withUploads = fileUploader(api, '/v1/rfi/upload');
  return {
    read: (step: RfiStepKey) => api.get(`/v1/rfi/get-${RFI_SECTION_PATHS[step]}`, temp),
    save: async (step: RfiStepKey, data: unknown, version: number, save: boolean) =>
      api.post(`/v1/rfi/save-${RFI_SECTION_PATHS[step]}`, { data: await withUploads(data), version }, { ...temp, save }),
    submit: () => api.post('/v1/rfi/submit', undefined, temp),
    currentStep: () => api.get('/v1/rfi/current/step', temp),
  };
}

/** Saves every step with save=true, in order (a questionnaire ready to submit). */
export async function fillAll(supplier: ReturnType<typeof supplierClient>, sections: Record<RfiStepKey, unknown>): Promise<number> {
  let version = (await supplier.read('company')).body.data.version as number;
  for (const [step, data] of Object.entries(sections) as [RfiStepKey, unknown][]) {
    const res = await supplier.save(step, data, version, true);
    if (res.status !== 200) throw new Error(`saving ${step} failed: ${JSON.stringify(res.body)}`);
    version = res.body.data.version;
  }
  return version;
}
