import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Db } from '#db/connection.ts';
import { tooMany } from '#domain/errors.ts';
import { UPLOAD_LIMITS } from '#services/files/upload-quota.ts';
import { DbRateLimitStore } from '../rfi/rate-limit.ts';

/**
 * Uploads per caller (the session's staff member, application or portal account), counted before the
 * body is read, so a refused upload costs neither memory nor disk. Every upload path shares the count.
 */
export function uploadRateLimit(db: Db): RequestHandler {
  const { limit, windowMinutes } = UPLOAD_LIMITS.perCaller;
  return rateLimit({
    windowMs: windowMinutes * 60_000,
    limit,
    keyGenerator: (req) => (req.staff ? `staff:${req.staff.id}` : req.supplier ? `rfi:${req.supplier.applyNo}` : `portal:${req.portal?.accountId ?? ''}`),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new DbRateLimitStore(db, 'upload'),
    handler: (_req, _res, next) => next(tooMany('uploadRateExceeded')),
  });
}
