import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { LOCALES, type Locale } from '../domain/i18n.ts';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_PAGES, prerenderedFile } from '../domain/shell/prerendered-pages.ts';

type RenderPage = (path: string, locale: Locale) => Promise<{ markup: string; lang: string }>;

/**
 * Writes each page of `PRERENDERED_PAGES` in each language beside index.html: index.html with the page's
 * first render inside its root element (web/prerender.tsx, loaded through a Vite server of the same
 * config so the router, lingui's macros and the catalogs resolve as in the bundle), the root marked with
 * the language and the document's own `lang` and colour scheme set as the app would set them. The page
 * shows as soon as the HTML and the stylesheet are in; the scripts, fetched meanwhile, run after that first
 * paint and hydrate it.
 */
export function prerenderPages(repoRoot: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const { createServer } = await import('vite');
      const server = await createServer({
        configFile: path.join(repoRoot, 'vite.config.ts'),
        mode: config.mode,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { renderPage } = (await server.ssrLoadModule('/prerender.tsx')) as { renderPage: RenderPage };
        for (const page of PRERENDERED_PAGES) {
          for (const locale of LOCALES) {
            const { markup, lang } = await renderPage(page.renderAt, locale);
            fs.writeFileSync(path.join(outDir, prerenderedFile(page, locale)), pageHtml(index, markup, lang, locale));
          }
        }
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * web/public/start-after-paint.js, which imports the entry after the page's first paint (rAF runs before the
 * next paint, the timeout after it). Left to the browser, the entry's modules, fetched through their
 * modulepreload links meanwhile, are run as soon as the HTML is parsed, and on a slow CPU the rendered page
 * shows only after them (first paint 0.9–1.2 s against 0.5–0.7 s for the questionnaire at 4× CPU). A file,
 * not an inline script: the CSP admits scripts of this origin only; without comments, as it counts in the
 * supplier login's first-load budget.
 */
const STARTER = '/start-after-paint.js';

function pageHtml(index: string, markup: string, lang: string, locale: Locale): string {
  const root = '<div id="root"></div>';
  if (!index.includes(root)) throw new Error(`prerender: index.html has no ${root}`);
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  if (!entry.test(index)) throw new Error('prerender: index.html has no module entry script');
  return index
    .replace(/<html lang="[^"]*">/, `<html lang="${lang}" data-mantine-color-scheme="light">`)
    // The entry is fetched at once as before, and run by the starter after the first paint.
    .replace(entry, (_, src: string) => `<link rel="modulepreload" crossorigin href="${src}">\n    <script defer src="${STARTER}" data-entry="${src}"></script>`)
    .replace(root, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${locale}">${markup}</div>`);
}
