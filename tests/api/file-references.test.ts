import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { RFI_SECTION_PATHS } from '#domain/rfi/section-paths.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { invitedSupplier, validSections } from '../support/rfi-questionnaire.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { portalSession, staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { pdfBytes } from '../support/sample-files.ts';

/**
 * A file reference in any body names a file the caller stored or may read, never a free URL or
 * another party's upload, and the stored file's name replaces the one the client sent.
 */
let app: TestApp;
let db: Db;
const engine = recordingFlows();

beforeAll(async () => {
  app = await startTestApp({ flows: engine.flows });
  db = app.deps.db;
});
afterAll(() => app.close());

async function upload(caller: Caller, path: string, name: string): Promise<{ name: string; url: string }> {
  const { data } = (await client(app).as(caller).upload(path, name, pdfBytes(name), 'application/pdf')).body;
  return { name: data.fileName, url: data.url };
}

const post = (path: string, caller: Caller, body: unknown, query?: Record<string, string>) =>
  client(app).as(caller).header('origin', app.baseUrl).post(path, body, query);

async function supplier() {
  const s = await invitedSupplier(db, app.deps.config.appSecret);
  const caller = { authorization: s.authorization };
  const save = (step: RfiStepKey, data: unknown) => post(`/v1/rfi/save-${RFI_SECTION_PATHS[step]}`, caller, { data, version: 1 }, { temp: s.temp, save: 'false' });
  const stored = async () =>
    (await db.selectFrom('rfi_application').select(['sections', 'version']).where('apply_no', '=', s.applyNo).executeTakeFirstOrThrow()) as {
      sections: Record<string, Record<string, unknown>>;
      version: number;
    };
  return { ...s, caller, save, stored };
}

const company = (file: { name: string; url: string }) => ({ ...validSections().company, businessLicenseName: file.name, businessLicenseUrl: file.url });

describe('questionnaire file fields', () => {
  it('refuse a URL of the supplier’s own making (400 on the field) and store nothing', async () => {
    const s = await supplier();
    const res = await s.save('company', company({ name: '营业执照.pdf', url: 'https://files.example.com/licence.exe' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ businessLicenseUrl: '文件不存在，请重新上传' });
    expect(await s.stored()).toMatchObject({ sections: {}, version: 1 });
  });

  it('refuse another supplier’s upload by its key (400 on the field)', async () => {
    const other = await supplier();
    const theirs = await upload(other.caller, '/v1/rfi/upload', 'their-licence.pdf');
    const s = await supplier();
    const res = await s.save('certificates', {
      certificateList: [{ certificateType: 'IATF16949', hold: true, certificateName: 'iatf.pdf', certificateFileUrl: theirs.url, validFrom: '2025-03-01', validUntil: '2028-02-28' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'certificateList.0.certificateFileUrl': '文件不存在，请重新上传' });
    expect(await s.stored()).toMatchObject({ sections: {}, version: 1 });
  });

  it('keep the stored file’s name, whatever name the client sends', async () => {
    const s = await supplier();
    const own = await upload(s.caller, '/v1/rfi/upload', 'licence.pdf');
    const res = await s.save('company', company({ name: '营业执照.exe', url: own.url }));
    expect(res.status).toBe(200);
    const { sections } = await s.stored();
    expect(sections.company).toMatchObject({ businessLicenseName: 'licence.pdf' });
    expect(sections.company!.businessLicenseUrl).toBe(own.url);
  });
});

describe('staff file references', () => {
  it('a node form refuses a supplier upload of another flow and keeps the stored name of its own', async () => {
    const f = await insertFlowAtNode(db, 'APTITUDE');
    const pm = await staffSession(db, 'E10002');
    const stranger = await supplier();
    const theirs = await upload(stranger.caller, '/v1/rfi/upload', 'private.pdf');
    const refused = await post('/v1/cert-flow-aptitude/audit', pm, { flowNo: f.flowNo, description: 'x', documentList: [{ documentName: 'a.pdf', documentUrl: theirs.url }] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ 'documentList.0.documentUrl': '文件不存在，请重新上传' });

    const own = await upload(pm, '/common/v1/file', '资质匹配.pdf');
    const saved = await post('/v1/cert-flow-aptitude/audit', pm, { flowNo: f.flowNo, description: 'x', documentList: [{ documentName: '改名.pdf', documentUrl: own.url }] });
    expect(saved.status).toBe(200);
    const form = await db.selectFrom('cert_node_form').select('documents').where('flow_no', '=', f.flowNo).where('node_code', '=', 'APTITUDE').executeTakeFirstOrThrow();
    expect(form.documents).toEqual([{ documentName: '资质匹配.pdf', documentUrl: own.url }]);
  });

  it('the self-inspection issue refuses another supplier’s private upload as the template (400), and nothing is issued', async () => {
    const f = await insertFlowAtNode(db, 'SELF_INSPECTION');
    const other = await insertFlowAtNode(db, 'SELF_INSPECTION');
    const theirs = await upload(await portalSession(db, other.flowNo), '/common/v1/file', '自检结果.pdf');
    const row = await db.selectFrom('self_inspection_item').select(['aid', 'principal_job_number', 'approve_status']).where('flow_no', '=', f.flowNo).orderBy('sort').executeTakeFirstOrThrow();
    const owner = await staffSession(db, row.principal_job_number);

    const res = await post('/v1/self-inspection/checklist/issue', owner, { aid: row.aid, flowNo: f.flowNo, documentName: '模版.pdf', documentUrl: theirs.url });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ documentUrl: '文件不存在，请重新上传' });
    const after = await db.selectFrom('self_inspection_item').select(['approve_status', 'template_url']).where('aid', '=', row.aid).executeTakeFirstOrThrow();
    expect(after).toEqual({ approve_status: row.approve_status, template_url: null });
  });
});
