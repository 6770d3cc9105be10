import { FILES } from '#domain/contracts/files.ts';
import { storeUpload } from '#services/files/upload.ts';
import { openStoredFile } from '#services/files/download.ts';
import { openTemplate } from '#services/files/templates.ts';
import { downloadFileName } from '#services/files/file-name.ts';
import { portalFileOwnerId, type FileOwner } from '#services/files/file-owner.ts';
import { notFound } from '#domain/errors.ts';
import { implementResponding, type CallerOf } from '../http/endpoint.ts';
import { ok } from '../http/envelope.ts';
import { withReceivedFile } from './file-upload.ts';
import { uploadRateLimit } from './upload-rate-limit.ts';
import { sendFile } from './file-response.ts';

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

/** Uploads, downloads and reference templates for staff and suppliers alike (domain/contracts/files.ts). */
const uploadAs = (c: typeof FILES.upload) =>
  implementResponding(c, {
    upload: true,
    // The caller and its upload rate are checked before the body is read: a refused caller costs no disk.
    guards: ({ db }) => [uploadRateLimit(db)],
    async respond({ deps, ...caller }, req, res) {
      ok(res, await withReceivedFile(req, res, (file) => storeUpload(deps, { file, owner: ownerOf(caller) })));
    },
  });
const downloadAs = (c: typeof FILES.download) =>
  implementResponding(c, {
    async respond({ deps, query, ...caller }, _req, res) {
      const file = await openStoredFile(deps, query.fileKey, caller);
      if (!file) throw notFound();
      await sendFile(res, file, downloadFileName(query.fileName, file.fileName));
    },
  });

export const fileEndpoints = [
  uploadAs(FILES.upload),
  uploadAs(FILES.uploadOfType as unknown as typeof FILES.upload),
  uploadAs(FILES.rfiUpload),
  uploadAs(FILES.expandUpload),
  downloadAs(FILES.download),
  downloadAs(FILES.fileDownload),
  implementResponding(FILES.template, {
    async respond({ query, locale }, _req, res) {
      const file = await openTemplate(query.configKey, query.fileName, locale);
      if (!file) throw notFound();
      await sendFile(res, file, file.fileName);
    },
  }),
];
