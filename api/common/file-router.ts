import { Router, type Request } from 'express';
import { z } from 'zod';
import { storeUpload } from '#services/files/upload.ts';
import { openStoredFile } from '#services/files/download.ts';
import { openTemplate } from '#services/files/templates.ts';
import { downloadFileName } from '#services/files/file-name.ts';
import { portalFileOwnerId, type FileOwner } from '#services/files/file-owner.ts';
import type { AppDeps } from '../deps.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { notFound } from '#services/errors.ts';
import { requestLocale } from '../http/context.ts';
import { requireAnyUser } from '../auth/supplier-auth.ts';
import { receiveFile } from './file-upload.ts';
import { sendFile } from './file-response.ts';

/** Every upload path the spec names; all of them are the same shared uploader (spec 1 §7, spec 3 §7.7). */
const UPLOAD_PATHS = ['/common/v1/file', '/file/upload/:type', '/v1/rfi/upload', '/v1/cert-rfi/upload'];

export const downloadQuery = z.object({
  fileKey: z.string().trim().min(1, 'required').max(300, 'invalidValue'),
  fileName: z.string().max(1000, 'invalidValue').optional(),
});

export const templateQuery = z.object({
  configKey: z.string().trim().min(1, 'required').max(100, 'invalidValue'),
  fileName: z.string().max(1000, 'invalidValue').optional(),
});

function ownerOf(req: Request): FileOwner {
  if (req.staff) return { kind: 'staff', id: req.staff.id };
  return { kind: 'supplier', id: supplierOwnerId(req)! };
}

/** The owner id of a supplier's uploads: its application (questionnaire) or its portal account. */
function supplierOwnerId(req: Request): string | undefined {
  if (req.supplier) return req.supplier.applyNo;
  return req.portal ? portalFileOwnerId(req.portal.accountId) : undefined;
}

/** Uploads, downloads and reference templates for staff and suppliers alike. */
export function createFileRouter(deps: Pick<AppDeps, 'db' | 'files'>): Router {
  const router = Router();

  // requireAnyUser runs before the body is read: an anonymous caller cannot make us buffer 30 MB.
  router.post(
    UPLOAD_PATHS,
    requireAnyUser,
    route(async (req, res) => {
      const file = await receiveFile(req, res);
      ok(res, await storeUpload(deps, { originalName: file.originalname, bytes: file.buffer, owner: ownerOf(req) }));
    }),
  );

  router.get(
    ['/common/v1/simple-download', '/common/v1/file-download'],
    requireAnyUser,
    route(async (req, res) => {
      const q = parse(downloadQuery, req.query, req);
      const file = await openStoredFile(deps, q.fileKey, { staff: Boolean(req.staff), supplierOwnerId: supplierOwnerId(req) });
      if (!file) throw notFound();
      await sendFile(res, file, downloadFileName(q.fileName, file.fileName));
    }),
  );

  router.get(
    '/common/v1/template-download',
    requireAnyUser,
    route(async (req, res) => {
      const q = parse(templateQuery, req.query, req);
      const file = await openTemplate(q.configKey, q.fileName, requestLocale(req));
      if (!file) throw notFound();
      await sendFile(res, file, file.fileName);
    }),
  );

  return router;
}
