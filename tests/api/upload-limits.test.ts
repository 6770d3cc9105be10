import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import type { FileStore } from '#adapters/files/file-store.ts';
import { createLocalFileStore } from '#adapters/files/local-file-store.ts';
import { UPLOAD_LIMITS } from '#services/files/upload-quota.ts';
import { removeOrphanUploads } from '#services/files/orphans.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { newStaffSession, newSupplierSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { multipart, pdfBytes, pngBytes } from '../support/sample-files.ts';

/** What the store was handed for each put: a stream (its largest chunk, the file it read) or a whole buffer. */
interface Put {
  key: string;
  buffer: boolean;
  largestChunk: number;
  bytes: number;
  from?: string;
}

const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-limits-'));
const folder = createLocalFileStore(storeDir);
const puts: Put[] = [];
const recordingStore: FileStore = {
  ...folder,
  async put(key, body, contentType, size) {
    if (Buffer.isBuffer(body)) {
      puts.push({ key, buffer: true, largestChunk: body.length, bytes: body.length });
      return folder.put(key, body, contentType, size);
    }
    const put: Put = { key, buffer: false, largestChunk: 0, bytes: 0, from: (body as fs.ReadStream).path?.toString() };
    puts.push(put);
    const measured = Readable.from(
      (async function* () {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          put.largestChunk = Math.max(put.largestChunk, chunk.length);
          put.bytes += chunk.length;
          yield chunk;
        }
      })(),
    );
    return folder.put(key, measured, contentType, size);
  },
};

let app: TestApp;
let db: Db;

beforeAll(async () => {
  app = await startTestApp({ files: recordingStore });
  db = app.deps.db;
});
afterAll(async () => {
  await app.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

async function upload(fileName: string, bytes: Buffer, caller: Caller) {
  const { body, contentType } = multipart(fileName, bytes);
  const res = await client(app).as(caller).locale('en').send('POST', '/common/v1/file', body, contentType);
  return { res, body: res.body };
}

const rowsOf = (ownerId: string) => db.selectFrom('stored_file').selectAll().where('owner_id', '=', ownerId).execute();
const storedFiles = () => (fs.readdirSync(storeDir, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(storeDir, p)).isFile());

describe('bounded uploads', () => {
  it('refuses an empty file with 400 naming `file`, and stores nothing', async () => {
    const supplier = await newSupplierSession(db, app.deps.config.appSecret);
    const filesBefore = storedFiles().length;
    const { res, body } = await upload('empty.pdf', Buffer.alloc(0), supplier);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ message: 'The file is empty', errors: { file: 'The file is empty' } });
    expect(await rowsOf(supplier.applyNo)).toEqual([]);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it('streams a 29 MB upload to the store in small chunks, never as one buffer, and removes its temporary file', async () => {
    const staff = await newStaffSession(db);
    const bytes = Buffer.concat([pdfBytes('large'), Buffer.alloc(29 * 1024 * 1024 - 2048, 0x20)]);
    const { res, body } = await upload('大文件.pdf', bytes, staff);
    expect(res.status).toBe(200);
    const put = puts.find((p) => p.key === body.data.fileKey)!;
    expect(put.buffer).toBe(false);
    expect(put.bytes).toBe(bytes.length);
    // A read stream's chunks (64 KiB): the handler never held the file whole.
    expect(put.largestChunk).toBeLessThanOrEqual(64 * 1024);
    expect(fs.existsSync(put.from!)).toBe(false);
    const dl = await client(app).as(staff).get(body.data.url);
    expect(dl.bytes.equals(bytes)).toBe(true);
  });

  it(`refuses a supplier's upload over its ${UPLOAD_LIMITS.supplierTotalBytes / 1024 / 1024} MB total with 429, storing nothing`, async () => {
    const supplier = await newSupplierSession(db, app.deps.config.appSecret);
    // What the supplier has stored so far: all but a few bytes of its quota.
    await db
      .insertInto('stored_file')
      .values({ file_key: `2026/11/${'a'.repeat(32)}`, file_name: 'earlier.pdf', content_type: 'application/pdf', size: UPLOAD_LIMITS.supplierTotalBytes - 100, sha256: '0'.repeat(64), owner_kind: 'supplier', owner_id: supplier.applyNo })
      .execute();
    const filesBefore = storedFiles().length;
    const { res, body } = await upload('more.pdf', pdfBytes('one more'), supplier);
    expect(res.status).toBe(429);
    expect(body.message).toBe('Your uploads have reached their limit (500 MB); please contact your purchasing manager');
    expect(await rowsOf(supplier.applyNo)).toHaveLength(1);
    expect(storedFiles().length).toBe(filesBefore);
  });

  it(`refuses the upload after ${UPLOAD_LIMITS.perCaller.limit} in ${UPLOAD_LIMITS.perCaller.windowMinutes} minutes with 429, storing nothing; other callers go on`, async () => {
    const supplier = await newSupplierSession(db, app.deps.config.appSecret);
    const other = await newSupplierSession(db, app.deps.config.appSecret);
    for (let i = 0; i < UPLOAD_LIMITS.perCaller.limit; i++) {
      expect((await upload(`photo-${i}.png`, pngBytes(), supplier)).res.status).toBe(200);
    }
    const filesBefore = storedFiles().length;
    const { res, body } = await upload('one-too-many.png', pngBytes(), supplier);
    expect(res.status).toBe(429);
    expect(body.message).toBe('Too many uploads; please try again later');
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(await rowsOf(supplier.applyNo)).toHaveLength(UPLOAD_LIMITS.perCaller.limit);
    expect(storedFiles().length).toBe(filesBefore);
    expect((await upload('photo.png', pngBytes(), other)).res.status).toBe(200);
  });
});

describe('orphan uploads', () => {
  it('removes an upload no form refers to a day later, and keeps a referenced one and a fresh one', async () => {
    const supplier = await newSupplierSession(db, app.deps.config.appSecret);
        const licence = (await upload('营业执照.pdf', pdfBytes('licence'), supplier)).body.data;
    const replaced = (await upload('old-licence.pdf', pdfBytes('replaced'), supplier)).body.data;
    // The questionnaire keeps the licence (its URL, as the form saves it); the other file was replaced.
    await db
      .updateTable('rfi_application')
      .set({ sections: JSON.stringify({ company: { businessLicenseUrl: licence.url, businessLicenseName: licence.fileName } }) })
      .where('apply_no', '=', supplier.applyNo)
      .execute();
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    await db.updateTable('stored_file').set({ created_at: twoDaysAgo }).where('file_key', 'in', [licence.fileKey, replaced.fileKey]).execute();
    const fresh = (await upload('just-now.pdf', pdfBytes('fresh'), supplier)).body.data;

    expect(await removeOrphanUploads(app.deps)).toEqual([replaced.fileKey]);

    expect((await rowsOf(supplier.applyNo)).map((r) => r.file_key).sort()).toEqual([licence.fileKey, fresh.fileKey].sort());
    expect(await recordingStore.get(replaced.fileKey)).toBeNull();
    const kept = await client(app).as(supplier).get(licence.url);
    expect(kept.status).toBe(200);
    expect((await client(app).as(supplier).get(replaced.url)).status).toBe(404);
  });
});
