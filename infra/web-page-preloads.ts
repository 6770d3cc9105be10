import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { STAFF_HTML, STAFF_PATHS } from '../api/http/staff-pages.ts';

type Chunk = { type: 'chunk'; fileName: string; facadeModuleId: string | null; moduleIds: string[]; imports: string[]; viteMetadata?: { importedCss: Set<string> } };

/**
 * `staff.html`: index.html with `<link rel="modulepreload">` (and the stylesheets) of the staff shell's chunks and
 * TanStack Query's, which every staff page runs before it paints. From index.html the browser learns of them
 * only once the entry has run (the app's route tree, then the shell route's dynamic import: ≈ 220 ms at 4× CPU
 * slowdown), and then asks for some thirty files at once; named in the page they load while the framework
 * is parsed and run. The supplier pages (their own first-load budgets) keep index.html, which names none of
 * them. `staff-paths.json` lists the first path segments of the staff routes (the folder and file names
 * under `routes/_staff`, and `/`, which sends to the dashboard), so the server knows which page gets which.
 */
export function staffPagePreloads(repoRoot: string): Plugin {
  const staffRoutes = path.join(repoRoot, 'web', 'routes', '_staff');
  return {
    name: 'staff-page-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') return;
        const chunks = Object.values(bundle).filter((c): c is Chunk & (typeof bundle)[string] => c.type === 'chunk');
        const byFacade = (end: string) => {
          const found = chunks.find((c) => [c.facadeModuleId ?? '', ...c.moduleIds].some((id) => id.replaceAll('\\', '/').endsWith(end)));
          if (!found) throw new Error(`staff page preloads: no chunk for ${end}`);
          return found;
        };
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const html = String(index.source);
        const named = new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+)"/g)].map((m) => m[1]));
        const js = new Set<string>();
        const css = new Set<string>();
        const add = (chunk: Chunk) => {
          if (js.has(chunk.fileName) || named.has(chunk.fileName)) return;
          js.add(chunk.fileName);
          chunk.viteMetadata?.importedCss.forEach((f) => css.add(f));
          chunk.imports.forEach((f) => byFile.get(f) && add(byFile.get(f)!));
        };
        add(byFacade('/web/routes/_staff.tsx?tsr-split=component'));
        add(byFacade('/web/api/query-client.ts'));
        // The stylesheets before the scripts: the entry runs only once every stylesheet of the page has loaded
        // (a module script waits for the style sheets blocking scripts), and on HTTP/1.1 the browser fetches
        // six files at a time, so a stylesheet named after thirty chunks waits for them.
        const links = [
          ...[...css].filter((f) => !named.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
          ...[...js].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        ];
        this.emitFile({ type: 'asset', fileName: STAFF_HTML, source: html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) });
        const segments = fs
          .readdirSync(staffRoutes)
          .filter((name) => !name.startsWith('-'))
          .map((name) => name.replace(/\.tsx$/, '').split('.')[0]);
        this.emitFile({ type: 'asset', fileName: STAFF_PATHS, source: JSON.stringify(['', ...new Set(segments)]) });
      },
    },
  };
}
