import fs from 'node:fs';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Express, type Request } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { isApiPath } from './http/api-prefixes.ts';
import { STAFF_HTML, STAFF_PATHS } from './http/staff-pages.ts';
import { STAFF_COOKIE } from './auth/cookies.ts';
import { LOCALES } from '#domain/i18n.ts';
import { LOCALE_COOKIE, PRERENDERED_PAGES, prerenderedFile, visitorLocale } from '#domain/shell/prerendered-pages.ts';

/**
 * Serves the built web app: hashed assets cached for a year, every other GET answered with
 * index.html so client-side routes work on reload. Assets go out as the brotli or gzip file the build
 * made beside them (vite.config.ts), whichever the browser accepts, with `Vary: Accept-Encoding`; the
 * rest (index.html, small files) is compressed per answer by the app's compression middleware.
 */
export function serveWebApp(app: Express, distDir: string): boolean {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return false;
  const pageOf = pageHtml(distDir, index);
  const prerenderedOf = prerenderedHtml(distDir);
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
    const prerendered = prerenderedOf(req);
    if (prerendered) {
      // The same address is another file in another language.
      res.vary('Accept-Language').vary('Cookie');
      return res.sendFile(prerendered);
    }
    res.sendFile(pageOf(req.path));
  });
  app.use(staticError);
  return true;
}

/**
 * A staff page is sent as `staff.html`: index.html naming the staff shell's chunks for the browser to load
 * beside the entry (infra/web-page-preloads.ts, written by the build with the staff routes' first path
 * segments). Every other page (the supplier pages, the staff login) gets index.html, which names none of them.
 */
function pageHtml(distDir: string, index: string): (urlPath: string) => string {
  const staffHtml = path.join(distDir, STAFF_HTML);
  const staffPaths = path.join(distDir, STAFF_PATHS);
  if (!fs.existsSync(staffHtml) || !fs.existsSync(staffPaths)) return () => index;
  const segments = new Set(JSON.parse(fs.readFileSync(staffPaths, 'utf8')) as string[]);
  return (urlPath) => (segments.has(urlPath.split('/')[1] ?? '') ? staffHtml : index);
}

/**
 * A page the build rendered (domain/shell/prerendered-pages.ts), in the language the visitor's browser will
 * show it in; undefined for every other page, for an address with a query, for a staff page asked without a
 * staff session (whether the session is still valid the page's own call tells), or when the build wrote none
 * (a build before them).
 */
function prerenderedHtml(distDir: string): (req: Request) => string | undefined {
  const pages = PRERENDERED_PAGES.filter((page) => LOCALES.every((locale) => fs.existsSync(path.join(distDir, prerenderedFile(page, locale)))));
  return (req) => {
    const page = pages.find((p) => p.path.test(req.path));
    // Rendered at the bare address: a query may change the first render (the staff frame's `hideFrame`).
    if (!page || req.originalUrl.includes('?')) return undefined;
    const cookies = req.cookies as Record<string, string> | undefined;
    if ('staff' in page && !cookies?.[STAFF_COOKIE]) return undefined;
    const locale = visitorLocale(cookies?.[LOCALE_COOKIE], req.get('accept-language'));
    return path.join(distDir, prerenderedFile(page, locale));
  };
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
