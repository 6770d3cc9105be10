import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { getConfig, type LinguiConfigNormalized } from '@lingui/conf';
import linguiApi from '@lingui/cli/api';
import { CATALOG_AREAS } from '../web/catalog-areas.ts';

// A CommonJS package: its names are read off the default export.
const { createCompiledCatalog, extractor, getCatalogs } = linguiApi;

/**
 * `virtual:catalog/<area>/<locale>`: the lingui catalog of a language cut down to the messages the
 * pages of an area can show (web/catalog-areas.ts), so a supplier page does not load the staff
 * screens' texts. The messages stay in the one catalog per language (web/locales/<locale>/messages.po)
 * that translators and `lingui extract` work on; the cut is made at build from the code itself: every
 * web module the area's route files reach through static and dynamic imports (plus the app shell,
 * web/main.tsx and the root route, which every page runs), with lingui's own extractor. A module
 * reached that way is in the area whatever folder it lives in (the release sections under
 * _staff/cert-flow that the supplier portal's change editor uses, say). The dev server serves the
 * whole catalog.
 */
export function catalogAreas(repoRoot: string): Plugin {
  const prefix = 'virtual:catalog/';
  const webDir = path.join(repoRoot, 'web');
  let building = false;
  let lingui: LinguiConfigNormalized;
  const idsOfArea = new Map<keyof typeof CATALOG_AREAS, Promise<Set<string>>>();
  return {
    name: 'catalog-areas',
    configResolved(config) {
      building = config.command === 'build';
      lingui = getConfig({ cwd: repoRoot });
    },
    buildStart() {
      idsOfArea.clear(); // a rebuild (vite build --watch) reads the files again
    },
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const [area, locale] = id.slice(prefix.length + 1).split('/') as [keyof typeof CATALOG_AREAS, string];
      if (!Object.hasOwn(CATALOG_AREAS, area) || !lingui.locales.includes(locale)) throw new Error(`no catalog ${area}/${locale}`);
      const full = path.join(webDir, 'locales', locale, 'messages.po');
      if (!building) return `export { messages } from ${JSON.stringify(full)};`;
      this.addWatchFile(full);
      let ids = idsOfArea.get(area);
      if (!ids) idsOfArea.set(area, (ids = messageIds(reachableFiles(webDir, CATALOG_AREAS[area].routeFiles), lingui)));
      const [catalog] = await getCatalogs(lingui);
      // As @lingui/vite-plugin compiles the whole catalog: a message without a translation falls back to the source.
      const { messages } = await catalog.getTranslations(locale, { fallbackLocales: lingui.fallbackLocales ?? {}, sourceLocale: lingui.sourceLocale ?? locale });
      const wanted = await ids;
      const subset = Object.fromEntries(Object.entries(messages).filter(([key]) => wanted.has(key)));
      const { source, errors } = createCompiledCatalog(locale, subset, { namespace: 'es' });
      if (errors.length) throw new Error(`catalog ${locale}: ${errors.map((e) => e.id).join(', ')} do not compile`);
      return source;
    },
  };
}

/** The message ids that lingui's extractor finds in `files`. */
async function messageIds(files: string[], config: LinguiConfigNormalized): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const file of files) {
    if (!extractor.match(file)) continue;
    await extractor.extract(file, fs.readFileSync(file, 'utf8'), (m) => ids.add(m.id), { linguiConfig: config });
  }
  return ids;
}

// `import … from '…'`, `export … from '…'`, `import '…'`, `import('…')` and `import.meta.glob('…')`.
const SPECIFIERS = /\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]|import\.meta\.glob[^(]*\(\s*['"]([^'"]+)['"]/g;

/**
 * The web modules (.ts/.tsx) that the given route files or folders under `web/routes/`, web/main.tsx and
 * the root route reach, following relative and `#web/` imports. The generated route tree is not
 * followed: it names every route of the app, and only the area's own route files count.
 */
export function reachableFiles(webDir: string, routeFiles: readonly string[]): string[] {
  const seen = new Set<string>();
  const roots = routeFiles.flatMap((f) => listFiles(path.join(webDir, 'routes', f)));
  const todo = [path.join(webDir, 'main.tsx'), path.join(webDir, 'routes', '__root.tsx'), ...roots];
  const skip = path.join(webDir, 'routeTree.gen.ts');
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file) || file === skip || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(SPECIFIERS)) {
      const spec = m[1] ?? m[2];
      const target = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : spec.startsWith('#web/') ? path.join(webDir, spec.slice('#web/'.length)) : null;
      if (!target) continue;
      if (m[2]) todo.push(...globFiles(target));
      else todo.push(...[target, `${target}.ts`, `${target}.tsx`].filter((f) => fs.existsSync(f) && fs.statSync(f).isFile()).slice(0, 1));
    }
  }
  return [...seen];
}

function listFiles(fileOrDir: string): string[] {
  if (!fs.statSync(fileOrDir).isDirectory()) return [fileOrDir];
  return fs.readdirSync(fileOrDir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(fileOrDir, f));
}

/** The files of a single-folder pattern such as `./steps/step-*.tsx`. */
function globFiles(pattern: string): string[] {
  const dir = path.dirname(pattern);
  const name = new RegExp(`^${path.basename(pattern).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => name.test(f)).map((f) => path.join(dir, f)) : [];
}
