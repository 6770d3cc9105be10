import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { compression } from 'vite-plugin-compression2';
import { API_PREFIXES } from './api/http/api-prefixes.ts';
import { LOCALES, type Locale } from './domain/i18n.ts';
import { messageTexts } from './domain/messages.ts';
import { catalogAreas } from './infra/web-catalog-areas.ts';
import { contractRoutes } from './infra/web-contract-routes.ts';
import { staffPagePreloads } from './infra/web-page-preloads.ts';
import { prerenderPages } from './infra/web-prerender.ts';

const API = 'http://localhost:3000';
// The router plugin resolves paths against Vite's root (web/), so they are made absolute here.
const fromRepo = (p: string) => fileURLToPath(new URL(p, import.meta.url));
// API calls go to the API server; a web module under one of those paths (web/api/*.ts is served as
// /api/*.ts) stays with Vite.
const proxy = Object.fromEntries(API_PREFIXES.map((p) => [`^${p}(/(?!.*\\.tsx?(\\?|$)).*)?$`, { target: API, changeOrigin: false }]));

/** Shown with Ctrl+Shift+0 (req shell §2.6). */
function buildInfo() {
  const pkg = JSON.parse(readFileSync(fromRepo('./package.json'), 'utf8')) as { version: string };
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    // not a git checkout (e.g. a container build)
  }
  return { version: pkg.version, commit, builtAt: new Date().toISOString() };
}

/**
 * `virtual:rule-messages/<locale>`: the rule messages of domain/messages.ts in one language, so a page
 * loads the texts of its language only (web/rule-messages.ts). The build writes them out as data; the
 * dev server reads them from the module, so an edited message shows without a restart.
 */
function ruleMessages(): Plugin {
  const prefix = 'virtual:rule-messages/';
  let building = false;
  return {
    name: 'rule-messages',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const locale = id.slice(prefix.length + 1) as Locale;
      if (!LOCALES.includes(locale)) throw new Error(`no rule messages for ${locale}`);
      return building
        ? `export default ${JSON.stringify(messageTexts(locale))};`
        : `import { messageTexts } from ${JSON.stringify(fromRepo('./domain/messages.ts'))};\nexport default messageTexts(${JSON.stringify(locale)});`;
    },
  };
}

/**
 * What every page runs before it paints, in one chunk: React, the router, lingui, Mantine's
 * provider and style system and the handful of components nearly every screen shows (the supplier
 * login's inputs, buttons and language switch; the staff and supplier pages' layout). Left to the
 * automatic splitting, these came as ~40 small chunks each gzipped on its own and tied by imports,
 * ≈ 12 kB more on the supplier login and ≈ 10 kB on the other pages, and a deeper request chain.
 * Packages or components only some pages use (the rest of Mantine, Floating UI, @mantine/hooks' many
 * hooks, zod, @mantine/form) stay with the pages that import them.
 */
const FRAMEWORK_PACKAGES = [
  'react', 'react-dom', 'scheduler', 'use-sync-external-store', 'clsx', '@lingui/core', '@lingui/react', '@mantine/store',
  '@tanstack/react-router', '@tanstack/router-core', '@tanstack/history', '@tanstack/store', '@tanstack/react-store',
];
/**
 * TanStack Query loads with the first page that reads through it (web/api/query-on-demand.tsx), in a chunk
 * of its own; of it the framework holds only what the entry names before it is loaded: the client's
 * context and the identity function the route loaders' query options are written with.
 */
const QUERY_PACKAGES = ['@tanstack/query-core', '@tanstack/react-query'];
const QUERY_IN_FRAMEWORK = ['QueryClientProvider', 'queryOptions'];
const COMMON_MANTINE = [
  'Alert', 'Anchor', 'Button', 'Center', 'Checkbox', 'CheckIcon', 'CloseButton', 'FloatingIndicator', 'Group', 'InlineInput',
  'Input', 'InputBase', 'Loader', 'Paper', 'SegmentedControl', 'Stack', 'Text', 'TextInput', 'Title', 'Transition', 'UnstyledButton',
];
const alternatives = (names: string[]) => names.map((n) => n.replace(/[/]/g, '[\\\\/]')).join('|');
const FRAMEWORK = new RegExp(
  `node_modules[\\\\/](?:(?:${alternatives(FRAMEWORK_PACKAGES)})[\\\\/]|@mantine[\\\\/]core[\\\\/]esm[\\\\/](?:core[\\\\/]MantineProvider|(?:components|utils)[\\\\/](?:${alternatives(COMMON_MANTINE)}))[\\\\/]|@tanstack[\\\\/]react-query[\\\\/]build[\\\\/]modern[\\\\/](?:${alternatives(QUERY_IN_FRAMEWORK)})\\.js$)`,
);
const QUERY = new RegExp(`node_modules[\\\\/](?:${alternatives(QUERY_PACKAGES)})[\\\\/]`);
/**
 * The language switch and the form hooks of every supplier page (and of most staff forms): four modules of a few
 * hundred bytes, each a chunk of its own gzipped alone (≈ 0.4 kB more on the supplier login than one file).
 */
const PAGE_COMMON = /[\\/]web[\\/](?:components[\\/](?:language-switch|switch-locale)|hooks[\\/](?:use-lazy-rules|use-rule-message))\.tsx?$/;
/** Chunks every page has loaded before any other runs: index.html's entry and its static imports. */
const ALWAYS_LOADED = /^assets\/(?:index|framework|rolldown-runtime)-[\w-]+\.js$/;

export default defineConfig({
  root: 'web',
  define: { __BUILD_INFO__: JSON.stringify(buildInfo()) },
  // Plugin order matters: routes are generated and split first, lingui macros compiled before React.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromRepo('./web/routes'),
      generatedRouteTree: fromRepo('./web/routeTree.gen.ts'),
    }),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    ruleMessages(),
    contractRoutes(fromRepo('./')),
    catalogAreas(fromRepo('./')),
    staffPagePreloads(fromRepo('./')),
    prerenderPages(fromRepo('./')),
    // Every text asset also as .br and .gz at the highest levels, once at build: the server sends the
    // precompressed file the browser accepts (api/web-static.ts) and never compresses them per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    modulePreload: {
      // The polyfill only makes browsers without <link rel="modulepreload"> (Safari before 17, Firefox
      // before 115) fetch index.html's two preloaded chunks before the entry's own imports would.
      polyfill: false,
      // The entry imports the runtime and the framework itself, so every chunk runs after they are in;
      // naming them again in each dynamic import's preload list is entry bytes for nothing.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((d) => !ALWAYS_LOADED.test(d))),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK },
            { name: 'query', test: QUERY },
            // Our modules that the entry imports (the route tree's route definitions, the providers, the API
            // client, i18n) stay together with it rather than as a dozen chunks of a few hundred bytes that
            // the entry shares with some route chunk (−1.5 kB and 7 fewer requests on the supplier login).
            { name: 'index', tags: ['$initial'], test: (id) => !id.includes('node_modules') },
            { name: 'page-common', test: PAGE_COMMON },
          ],
        },
      },
    },
  },
  resolve: {
    alias: [
      // The router's store asks for the shim that brings useSyncExternalStore to React before 18; React 19
      // has it, and the package's own non-shim build uses React's.
      { find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
    ],
  },
  server: { proxy },
  preview: { proxy },
});
