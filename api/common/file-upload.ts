import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import multer from 'multer';
import type { Request, Response } from 'express';
import { MAX_UPLOAD_BYTES } from '#domain/files.ts';
import { badRequest, ServiceError } from '#domain/errors.ts';
import type { ReceivedFile } from '#services/files/upload.ts';

/** Where uploads wait while they are checked and streamed to the store; multer creates it. */
export const UPLOAD_TEMP_DIR = path.join(os.tmpdir(), 'supplier-uploads');

/**
 * Reads the multipart field `file` to a temporary file (UPLOAD_TEMP_DIR), one file of at most
 * MAX_UPLOAD_BYTES (req rfi §5): the body goes to disk as it arrives, so a 30 MB upload never sits whole
 * in memory. The limit is enforced while reading: an oversized body is cut off, its partial file
 * removed, and nothing is stored.
 */
const single = multer({
  storage: multer.diskStorage({ destination: UPLOAD_TEMP_DIR }),
  // Browsers send file names as UTF-8 ('资质证书.pdf'); busboy's default would read them as latin1.
  defParamCharset: 'utf8',
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 25 },
}).single('file');

function receiveFile(req: Request, res: Response): Promise<ReceivedFile> {
  return new Promise((resolve, reject) => {
    single(req, res, (err: unknown) => {
      if (err) return reject(uploadError(err));
      if (!req.file) return reject(badRequest('fileMissing'));
      resolve({ originalName: req.file.originalname, path: req.file.path, size: req.file.size });
    });
  });
}

/** Receives the upload, hands it to `handle`, and removes the temporary file whatever `handle` does. */
export async function withReceivedFile<T>(req: Request, res: Response, handle: (file: ReceivedFile) => Promise<T>): Promise<T> {
  const file = await receiveFile(req, res);
  try {
    return await handle(file);
  } finally {
    await fsp.rm(file.path, { force: true });
  }
}

function uploadError(err: unknown): ServiceError {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return new ServiceError('tooLarge', 'fileTooLarge');
    if (err.code === 'LIMIT_FILE_COUNT') return badRequest('uploadOneFile');
    if (err.code === 'LIMIT_UNEXPECTED_FILE') return badRequest('fileMissing');
  }
  // A malformed or truncated multipart body is the client's fault, never a 500.
  return badRequest('invalidInput');
}
