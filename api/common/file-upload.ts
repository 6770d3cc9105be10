import multer from 'multer';
import type { Request, Response } from 'express';
import { MAX_UPLOAD_BYTES } from '#domain/files.ts';
import { badRequest, ServiceError } from '#services/errors.ts';

/**
 * Reads the multipart field `file` into memory, one file of at most MAX_UPLOAD_BYTES (spec 1 §5).
 * The limit is enforced while reading: an oversized body is cut off, and nothing is stored.
 */
const single = multer({
  storage: multer.memoryStorage(),
  // Browsers send file names as UTF-8 ('资质证书.pdf'); busboy's default would read them as latin1.
  defParamCharset: 'utf8',
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 25 },
}).single('file');

export function receiveFile(req: Request, res: Response): Promise<Express.Multer.File> {
  return new Promise((resolve, reject) => {
    single(req, res, (err: unknown) => {
      if (err) return reject(uploadError(err));
      if (!req.file) return reject(badRequest('fileMissing'));
      resolve(req.file);
    });
  });
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
