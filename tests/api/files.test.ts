import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { newStaffSession, newSupplierSession } from '../support/sessions.ts';
import { client, type Caller, type HttpClient } from '../support/http-client.ts';
import { docxBytes, exeBytes, multipart, pdfBytes, pngBytes } from '../support/sample-files.ts';

let app: TestApp;
let db: Db;
let storeDir: string;
let staff: { id: string; cookie: string };
let supplier: { applyNo: string; authorization: string };
let otherSupplier: { applyNo: string; authorization: string };

beforeAll(async () => {
  app = await startTestApp();
  db = app.deps.db;
  storeDir = path.join(app.deps.config.dataDir, 'files');
  staff = await newStaffSession(db);
  supplier = await newSupplierSession(db, app.deps.config.appSecret);
  otherSupplier = await newSupplierSession(db, app.deps.config.appSecret);
});
afterAll(() => app.close());

const asStaff = () => client(app).as(staff);
const asSupplier = (s: Caller = supplier) => client(app).as(s);
const anonymous = () => client(app);

/** A multipart body made by hand, so the file name's bytes reach the server exactly as given. */
function upload(fileName: string, bytes: Buffer, api: HttpClient, urlPath = '/common/v1/file', rfc2231 = false) {
  const { body, contentType } = multipart(fileName, bytes, { rfc2231 });
  return api.send('POST', urlPath, body, contentType);
}

/** Every regular file below the store folder, as paths relative to it. */
function storedFiles(): string[] {
  if (!fs.existsSync(storeDir)) return [];
  return (fs.readdirSync(storeDir, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(storeDir, p)).isFile());
}

const rowCount = async () => Number((await db.selectFrom('stored_file').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('uploading and downloading files', () => {
  it('stores a staff upload and gives back the same bytes under its Chinese name', async () => {
    const bytes = pdfBytes('ISO 9001');
    const { status, body } = await upload('资质证书.pdf', bytes, asStaff());
    expect(status).toBe(200);
    const data = body.data;
    expect(data).toMatchObject({ fileName: '资质证书.pdf', name: '资质证书.pdf', size: bytes.length, relationType: 60 });
    expect(data.fileKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}$/);
    expect(data.url).toBe(`/common/v1/simple-download?fileKey=${encodeURIComponent(data.fileKey)}&fileName=${encodeURIComponent('资质证书.pdf')}`);
    expect(data.fileUrl).toBe(data.url);

    const row = await db.selectFrom('stored_file').selectAll().where('file_key', '=', data.fileKey).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_kind: 'staff', owner_id: staff.id, content_type: 'application/pdf', size: bytes.length });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);

    const dl = await asStaff().get(data.url);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(dl.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('资质证书.pdf')}`);
    expect(dl.bytes.equals(bytes)).toBe(true);
  });

  it('answers the same way on every upload path the screens use', async () => {
    for (const p of ['/file/upload/certificate', '/v1/rfi/upload', '/v1/cert-rfi/upload']) {
      const { status, body } = await upload('样品照片.png', pngBytes(), asSupplier(), p);
      expect(status, p).toBe(200);
      expect(body.data.fileName).toBe('样品照片.png');
    }
  });

  it("lets a supplier read its own upload, but not another supplier, nor staff while no record holds it", async () => {
    const { body } = await upload('营业执照.png', pngBytes(), asSupplier());
    const url: string = body.data.url;
    const row = await db.selectFrom('stored_file').selectAll().where('file_key', '=', body.data.fileKey).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_kind: 'supplier', owner_id: supplier.applyNo, content_type: 'image/png' });

    const own = await asSupplier().get(url);
    expect(own.status).toBe(200);
    expect(own.bytes.equals(pngBytes())).toBe(true);
    // Staff read it once a record they may read holds it (file-access.test.ts).
    expect((await asStaff().get(url)).status).toBe(404);

    const other = await asSupplier(otherSupplier).get(url);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 40400 });
    // Nor a staff member's file.
    const staffFile = await upload('内部评审.pdf', pdfBytes(), asStaff());
    expect((await asSupplier().get(staffFile.body.data.url)).status).toBe(404);
  });

  it('refuses anonymous callers before reading the body', async () => {
    const before = await rowCount();
    const { status, body } = await upload('a.pdf', pdfBytes(), anonymous());
    expect(status).toBe(401);
    expect(body.code).toBe(40100);
    expect(await rowCount()).toBe(before);
    const dl = await anonymous().get('/common/v1/simple-download', { fileKey: '2026/01/abc' });
    expect(dl.status).toBe(401);
  });

  it('refuses a file over 30 MB with 413 and stores nothing', async () => {
    const rowsBefore = await rowCount();
    const filesBefore = storedFiles().length;
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(31 * 1024 * 1024, 0x20)]);
    const zh = await upload('大文件.pdf', big, asStaff());
    expect(zh.status).toBe(413);
    expect(zh.body).toMatchObject({ code: 41300, message: '上传文件不能超过30M' });
    const en = await upload('big.pdf', big, asStaff().locale('en'));
    expect(en.body.message).toBe('The file must not exceed 30 MB');
    expect(await rowCount()).toBe(rowsBefore);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it('refuses content that is not what its extension says', async () => {
    const before = await rowCount();
    const cases: [string, Buffer][] = [
      ['scan.pdf', pngBytes()],
      ['report.docx', exeBytes()],
      ['tool.exe', exeBytes()],
      ['photo.jpg', pdfBytes()],
      ['notes.txt', pngBytes()],
      ['data.csv', Buffer.from([0x61, 0x2c, 0xff, 0xfe, 0x0a])], // not UTF-8
      ['sheet.xls', docxBytes()],
      ['noextension', pdfBytes()],
    ];
    for (const [name, bytes] of cases) {
      const { status, body } = await upload(name, bytes, asStaff().locale('en'));
      expect(status, name).toBe(400);
      expect(body.message, name).toBe('This file type is not allowed');
    }
    expect(await rowCount()).toBe(before);
  });

  it('accepts real office documents and UTF-8 text', async () => {
    const cases: [string, Buffer, string][] = [
      ['资质匹配.docx', docxBytes(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['清单.csv', Buffer.from('\ufeff维度,得分\n质量,90\n', 'utf8'), 'text/csv; charset=utf-8'],
      ['说明.txt', Buffer.from('一行说明\n', 'utf8'), 'text/plain; charset=utf-8'],
    ];
    for (const [name, bytes, type] of cases) {
      const { status, body } = await upload(name, bytes, asSupplier());
      expect(status, name).toBe(200);
      const dl = await asSupplier().get(body.data.url);
      expect(dl.headers.get('content-type'), name).toBe(type);
    }
  });

  it('keeps hostile names out of the store and sanitises them', async () => {
    const traversal = await upload('../../etc/passwd.pdf', pdfBytes(), asStaff());
    expect(traversal.status).toBe(200);
    expect(traversal.body.data.fileName).toBe('passwd.pdf');
    expect(traversal.body.data.fileKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}$/);
    expect(fs.existsSync(path.join(storeDir, traversal.body.data.fileKey))).toBe(true);
    expect(storedFiles().some((f) => f.includes('passwd') || f.includes('..'))).toBe(false);

    const windows = await upload('C:\\Users\\evil\\..\\合同.pdf', pdfBytes(), asStaff());
    expect(windows.body.data.fileName).toBe('合同.pdf');

    // A raw NUL makes the part header malformed: refused whole, nothing stored.
    const before = await rowCount();
    const rawNul = await upload('inv\u0000oice.pdf', pdfBytes(), asStaff());
    expect(rawNul.status).toBe(400);
    expect(await rowCount()).toBe(before);
    // Percent-encoded, NUL and a right-to-left override arrive in the name and are stripped.
    const nul = await upload('inv\u0000oi\u001bce\u202e.pdf', pdfBytes(), asStaff(), '/common/v1/file', true);
    expect(nul.status).toBe(200);
    expect(nul.body.data.fileName).toBe('invoice.pdf');
    const encodedTraversal = await upload('..%2F..%2F../x/证书.pdf', pdfBytes(), asStaff(), '/common/v1/file', true);
    expect(encodedTraversal.body.data.fileName).toBe('证书.pdf');

    const long = await upload(`${'报'.repeat(300)}.pdf`, pdfBytes(), asStaff());
    expect(long.status).toBe(200);
    expect(Array.from(long.body.data.fileName as string)).toHaveLength(200);
    expect(long.body.data.fileName).toMatch(/^报+\.pdf$/);
    const row = await db.selectFrom('stored_file').select('file_name').where('file_key', '=', long.body.data.fileKey).executeTakeFirstOrThrow();
    expect(row.file_name).toBe(long.body.data.fileName);

    const dots = await upload('.pdf', pdfBytes(), asStaff());
    expect(dots.status).toBe(400);
  });

  it('answers 404 for unknown or forged keys, and lets the download name keep the real extension', async () => {
    for (const key of ['2026/01/0123456789abcdef0123456789abcdef', '../../etc/passwd', '%2e%2e/secret']) {
      const res = await asStaff().get('/common/v1/simple-download', { fileKey: key });
      expect(res.status, key).toBe(404);
      expect(res.body).toMatchObject({ code: 40400 });
    }
    const { body } = await upload('报告.pdf', pdfBytes(), asStaff());
    const res = await asStaff().get('/common/v1/file-download', { fileKey: body.data.fileKey, fileName: 'page.html' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=page.html.pdf');
  });

  it('refuses a request without a file, or with two', async () => {
    const empty = await asStaff().post('/common/v1/file');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('请选择文件');

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdfBytes())]), 'a.pdf');
    form.append('file', new Blob([new Uint8Array(pdfBytes())]), 'b.pdf');
    const two = await asStaff().post('/common/v1/file', form);
    expect(two.status).toBe(400);

    const truncated = multipart('a.pdf', pdfBytes());
    const cut = await asStaff().send('POST', '/common/v1/file', truncated.body.subarray(0, truncated.body.length - 20), truncated.contentType);
    expect(cut.status).toBe(400);
  });
});

describe('reference templates', () => {
  it('serves a shipped template to any logged-in user', async () => {
    const res = await asSupplier().get('/common/v1/template-download', { configKey: 'self_inspection_template' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('供应商自检清单模板.xlsx')}`);
    expect(res.bytes.equals(fs.readFileSync(new URL('../../db/seeds/templates/self-inspection-checklist.xlsx', import.meta.url)))).toBe(true);

    const en = await asStaff().locale('en').get('/common/v1/template-download', { configKey: 'aptitude_template' });
    expect(en.headers.get('content-disposition')).toBe('attachment; filename="Qualification matching template.docx"');
  });

  it('answers 404 for an unknown key and 401 without a login', async () => {
    for (const key of ['nope', '../../package.json', 'constructor', '__proto__']) {
      const res = await asStaff().get('/common/v1/template-download', { configKey: key });
      expect(res.status, key).toBe(404);
    }
    expect((await anonymous().get('/common/v1/template-download', { configKey: 'aptitude_template' })).status).toBe(401);
  });
});
