import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { OpenedFile } from '#services/files/download.ts';

/**
 * Streams a file as an attachment. Content-Disposition carries an ASCII fallback and the RFC 5987
 * `filename*` form, so Chinese names arrive intact; nosniff keeps browsers from guessing a type.
 */
export async function sendFile(res: Response, file: OpenedFile, downloadName: string): Promise<void> {
  attachmentHeaders(res, downloadName, file.contentType);
  res.setHeader('Content-Length', String(file.size));
  await pipeline(file.body, res);
}

function attachmentHeaders(res: Response, fileName: string, contentType: string): void {
  res.attachment(fileName);
  res.type(contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
}

/** Streams a document made as it is sent (a workbook): no length known ahead, never cached. */
export async function sendGenerated(res: Response, doc: { fileName: string; contentType: string; write(out: Response): Promise<void> }): Promise<void> {
  attachmentHeaders(res, doc.fileName, doc.contentType);
  await doc.write(res);
}
