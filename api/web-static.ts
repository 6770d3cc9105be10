import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import { isApiPath } from './http/api-prefixes.ts';


/**
 * Serves the built web app: hashed assets cached for a year, every other GET answered with
 * index.html so client-side routes work on reload.
 */
export function serveWebApp(app: Express, distDir: string): boolean {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return false;
  app.use('/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }));
  app.use(express.static(distDir, { index: false }));
  app.get(/.*/, (req, res, next) => {
    if (isApiPath(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return true;
}
