import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '#infra/config.ts';
import { embeddedOrigins } from '#domain/shell/embedded-pages.ts';

/** Whether browsers reach this installation over https (the address its mails and links carry). */
export const servedOverHttps = (config: Config): boolean => config.publicUrl.startsWith('https:');

/**
 * The browser-side protections of every response, the web app's files, the API and the reference page
 * alike (OWASP ASVS V3): no script but the app's own files, no framing by any page (and no frame in
 * the app but the configured embedded pages), no referrer (an
 * invitation link carries its `temp` in the path), HSTS only where https is in use — over plain http
 * it would be ignored, and upgrading requests there would break a local install.
 */
export function securityHeaders(config: Config): RequestHandler {
  const https = servedOverHttps(config);
  const frameSources = embeddedOrigins(config.EMBEDDED_PAGES);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Mantine injects <style> elements and style attributes at run time; scripts stay strict.
        'style-src': ["'self'", "'unsafe-inline'"],
        // The watermark is a canvas tile drawn into a data: URL; the favicon is a data: SVG.
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        // Only the configured embedded pages (req shell §2.6 /embedded/{id}) may be framed by the app.
        'frame-src': frameSources.length ? frameSources : ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
