import { z } from 'zod';
import { storeUpload } from '#services/files/upload.ts';
import { openStoredFile } from '#services/files/download.ts';
import { openTemplate } from '#services/files/templates.ts';
import { downloadFileName } from '#services/files/file-name.ts';
import { portalFileOwnerId, type FileOwner } from '#services/files/file-owner.ts';
import { notFound } from '#domain/errors.ts';
import { defineEndpoint, type CallerOf } from '../http/endpoint.ts';
import { ok } from '../http/envelope.ts';
import { withReceivedFile } from './file-upload.ts';
import { uploadRateLimit } from './upload-rate-limit.ts';
import { sendFile } from './file-response.ts';

const downloadQuery = z.object({
  fileKey: z.string().trim().min(1, 'required').max(300, 'invalidValue'),
  fileName: z.string().max(1000, 'invalidValue').optional(),
});

const templateQuery = z.object({
  configKey: z.string().trim().min(1, 'required').max(100, 'invalidValue'),
  fileName: z.string().max(1000, 'invalidValue').optional(),
});

type AnyCaller = CallerOf['any'];

function ownerOf(caller: AnyCaller): FileOwner {
  if (caller.staff) return { kind: 'staff', id: caller.staff.id };
  return { kind: 'supplier', id: supplierOwnerId(caller)! };
}

/** The owner id of a supplier's uploads: its application (questionnaire) or its portal account. */
function supplierOwnerId(caller: AnyCaller): string | undefined {
  if (caller.supplier) return caller.supplier.applyNo;
  return caller.portal ? portalFileOwnerId(caller.portal.accountId) : undefined;
}

const tag = 'files';

/** Every upload path the spec names; all of them are the same shared uploader (spec 1 §7, spec 3 §7.7). */
const UPLOADS = [
  { path: '/common/v1/file', summary: 'Upload one file (30 MB)' },
  { path: '/file/upload/:type', summary: 'Upload one file (30 MB)', params: z.object({ type: z.string() }) },
  { path: '/v1/rfi/upload', summary: 'Upload one file (supplier)' },
  { path: '/v1/cert-rfi/upload', summary: 'Upload one file (staff, expand mode)' },
];

const DOWNLOAD_PATHS = ['/common/v1/simple-download', '/common/v1/file-download'];

/** Uploads, downloads and reference templates for staff and suppliers alike. */
export const fileEndpoints = [
  // The caller and its upload rate are checked before the body is read: a refused caller costs no disk.
  ...UPLOADS.map((u) =>
    defineEndpoint({
      method: 'post',
      ...u,
      tag,
      auth: 'any',
      upload: true,
      guards: ({ db }) => [uploadRateLimit(db)],
      async respond({ deps, ...caller }, req, res) {
        ok(res, await withReceivedFile(req, res, (file) => storeUpload(deps, { file, owner: ownerOf(caller) })));
      },
    }),
  ),
  ...DOWNLOAD_PATHS.map((path) =>
    defineEndpoint({
      method: 'get',
      path,
      summary: 'Download a stored file',
      tag,
      auth: 'any',
      query: downloadQuery,
      async respond({ deps, query, ...caller }, _req, res) {
        const file = await openStoredFile(deps, query.fileKey, caller);
        if (!file) throw notFound();
        await sendFile(res, file, downloadFileName(query.fileName, file.fileName));
      },
    }),
  ),
  defineEndpoint({
    method: 'get',
    path: '/common/v1/template-download',
    summary: 'Download a reference template',
    tag,
    auth: 'any',
    query: templateQuery,
    async respond({ query, locale }, _req, res) {
      const file = await openTemplate(query.configKey, query.fileName, locale);
      if (!file) throw notFound();
      await sendFile(res, file, file.fileName);
    },
  }),
];
