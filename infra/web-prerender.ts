import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { LOCALES, type Locale } from '../domain/i18n.ts';
import { STAFF_HTML } from '../api/http/staff-pages.ts';
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
      const read = (file: string) => fs.readFileSync(path.join(outDir, file), 'utf8');
      const index = read('index.html');
      // A staff page over the page the server sends for it, with the staff shell's chunks named (staff.html).
      const staff = read(STAFF_HTML);
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
            const base = 'staff' in page ? staff : index;
            fs.writeFileSync(path.join(outDir, prerenderedFile(page, locale)), pageHtml(base, index, markup, lang, locale));
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
 *
 * The modulepreload links a page adds to index.html's (the staff shell's chunks, staff.html) are handed to the
 * starter, which adds them after the first paint too, in the task after the entry's import: the browser's
 * main thread starts each fetch it finds in the HTML before it parses the page, about 9 ms a link at 4× CPU,
 * and the staff page names some thirty (first paint of the dashboard's frame 0.7–1.1 s with them, 0.46–0.66 s
 * without). Added before the import, they held the entry back (the staff menu in at 2.7 s against 2.4 s).
 */
const STARTER = '/start-after-paint.js';

const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

function pageHtml(base: string, index: string, markup: string, lang: string, locale: Locale): string {
  const root = '<div id="root"></div>';
  if (!base.includes(root)) throw new Error(`prerender: the page has no ${root}`);
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  if (!entry.test(base)) throw new Error('prerender: the page has no module entry script');
  const indexPreloads = new Set([...index.matchAll(MODULE_PRELOAD)].map((m) => m[1]));
  const later: string[] = [];
  return base
    .replace(MODULE_PRELOAD, (link, href: string) => {
      if (indexPreloads.has(href)) return link;
      later.push(href);
      return '';
    })
    .replace(/<html lang="[^"]*">/, `<html lang="${lang}" data-mantine-color-scheme="light">`)
    // The entry is fetched at once as before, and run by the starter after the first paint.
    .replace(
      entry,
      (_, src: string) => `<link rel="modulepreload" crossorigin href="${src}">\n    <script defer src="${STARTER}" data-entry="${src}" data-preload="${later.join(' ')}"></script>`,
    )
    .replace(root, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${locale}">${markup}</div>`);
}
