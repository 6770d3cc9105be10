import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import type { Locale } from '#domain/i18n.ts';
import { AppRoot, createAppRouter } from './app-root.tsx';
import { htmlLang, loadPageTexts, pageTextsOf } from './i18n.ts';

/**
 * A page's HTML as the browser's first render makes it, in one language (domain/shell/prerendered-pages.ts):
 * the same tree as web/main.tsx, its router loaded at the page's path first, as the browser's is before
 * it hydrates. Run at build by infra/web-prerender.ts, never in the server.
 */
export async function renderPage(path: string, locale: Locale): Promise<{ markup: string; lang: string }> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  // The page's texts in its language first, as web/main.tsx loads them before the router does.
  await loadPageTexts(pageTextsOf(router.matchRoutes(router.state.location)), locale);
  await router.load();
  return { markup: renderToString(<AppRoot router={router} />), lang: htmlLang(locale) };
}
