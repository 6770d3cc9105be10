import fs from 'node:fs';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { isApiPath } from './http/api-prefixes.ts';

/**
 * Serves the built web app: hashed assets cached for a year, every other GET answered with
 * index.html so client-side routes work on reload. Assets go out as the brotli or gzip file the build
 * made beside them (vite.config.ts), whichever the browser accepts, with `Vary: Accept-Encoding`; the
 * rest (index.html, small files) is compressed per answer by the app's compression middleware.
 */
export function serveWebApp(app: Express, distDir: string): boolean {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return false;
  app.use(
    '/assets',
    expressStaticGzip(path.join(distDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '365d', fallthrough: false },
    }),
  );
  app.use(express.static(distDir, { index: false }));
  app.get(/.*/, (req, res, next) => {
    if (isApiPath(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  app.use(staticError);
  return true;
}

/**
 * A missing or malformed file path answers its status in one plain word; Express's default page would
 * show the stack and the file's path on disk outside production.
 */
const staticError: ErrorRequestHandler = (err: { status?: number; statusCode?: number }, req, res, next) => {
  if (res.headersSent) return next(err);
  const given = err.status ?? err.statusCode ?? 500;
  const status = given >= 400 && given < 600 ? given : 500;
  if (status >= 500) console.error(`${req.method} ${req.path} failed`, err);
  res.status(status).type('text/plain').send(STATUS_CODES[status]);
};
