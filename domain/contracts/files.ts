import { z } from 'zod';
import { pageQuery } from '../fields.ts';
import { fileAnswer, pageAnswer, uploadAnswer } from './answers.ts';
import { contract } from './contract.ts';

/**
 * Uploads, downloads and reference templates for staff and suppliers alike (req rfi §7, req shell §7.7): every upload
 * path the requirements name is the same shared uploader; the dev mailbox of a developer's own install.
 */
const tag = 'files';
const upload = <P extends string, S extends string>(path: P, summary: S) => ({ method: 'post', path, summary, tag, auth: 'any', response: uploadAnswer }) as const;
const downloadQuery = z.object({
  fileKey: z.string().trim().min(1, 'required').max(300, 'invalidValue'),
  fileName: z.string().max(1000, 'invalidValue').optional(),
});
const templateQuery = z.object({
  configKey: z.string().trim().min(1, 'required').max(100, 'invalidValue'),
  fileName: z.string().max(1000, 'invalidValue').optional(),
});
const download = <P extends string>(path: P) => ({ method: 'get', path, summary: 'Download a stored file', tag, auth: 'any', query: downloadQuery, response: fileAnswer }) as const;

export const FILES = {
  upload: contract(upload('/common/v1/file', 'Upload one file (30 MB)')),
  uploadOfType: contract({ ...upload('/file/upload/:type', 'Upload one file (30 MB)'), params: z.object({ type: z.string() }) }),
  rfiUpload: contract(upload('/v1/rfi/upload', 'Upload one file (supplier)')),
  expandUpload: contract(upload('/v1/cert-rfi/upload', 'Upload one file (staff, expand mode)')),
  download: contract(download('/common/v1/simple-download')),
  fileDownload: contract(download('/common/v1/file-download')),
  template: contract({ method: 'get', path: '/common/v1/template-download', summary: 'Download a reference template', tag, auth: 'any', query: templateQuery, response: fileAnswer }),
};

const mailboxEntry = z.object({ id: z.number(), to: z.string(), subject: z.string(), createdAt: z.string(), status: z.enum(['stored', 'sent', 'failed']) });
export const DEV_MAILBOX = {
  list: contract({
    method: 'get',
    path: '/dev/v1/mailbox',
    summary: "Outgoing mail (a developer's own install only)",
    tag: 'dev',
    auth: 'staff',
    query: pageQuery.extend({ to: z.string().trim().max(200, 'invalidValue').optional() }),
    response: pageAnswer(mailboxEntry),
  }),
  mail: contract({
    method: 'get',
    path: '/dev/v1/mailbox/:id',
    summary: "One outgoing mail (a developer's own install only)",
    tag: 'dev',
    auth: 'staff',
    params: z.object({ id: z.coerce.number().int().positive('invalidValue') }),
    response: mailboxEntry.extend({ text: z.string(), html: z.string(), locale: z.string() }),
  }),
};
