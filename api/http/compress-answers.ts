import type { Request, RequestHandler, Response } from 'express';
import compression from 'compression';

/** Below this an answer fits in one packet either way, and compressing it only costs CPU. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers made per request — JSON of the API, the OpenAPI document, index.html — with gzip or
 * brotli, whichever the browser accepts, when they exceed the threshold. Left alone:
 * - answers that already carry a Content-Encoding (the precompressed web assets, api/web-static.ts);
 * - file downloads (Content-Disposition: attachment): they stream with their Content-Length, mostly in
 *   formats that are compressed already (PDF, images, office files), and a browser shows their progress;
 * - server-sent events and any answer marked `Cache-Control: no-transform`: a stream that must reach the
 *   browser as it is written may not wait in a compressor's buffer. The app has none today; one added
 *   later is excluded here by its type.
 */
export function compressAnswers(): RequestHandler {
  return compression({ threshold: COMPRESS_THRESHOLD_BYTES, filter: shouldCompress });
}

function shouldCompress(req: Request, res: Response): boolean {
  // Most API answers are small and say their length: decided before the type lookups below. Vary as the
  // middleware adds it to every answer it looks at (a larger answer of the same URL may be compressed).
  const length = res.getHeader('Content-Length');
  if (length !== undefined && Number(length) < COMPRESS_THRESHOLD_BYTES) {
    res.vary('Accept-Encoding');
    return false;
  }
  const type = String(res.getHeader('Content-Type') ?? '');
  if (type.startsWith('text/event-stream')) return false;
  if (String(res.getHeader('Content-Disposition') ?? '').startsWith('attachment')) return false;
  if (/\bno-transform\b/.test(String(res.getHeader('Cache-Control') ?? ''))) return false;
  return compression.filter(req, res);
}
