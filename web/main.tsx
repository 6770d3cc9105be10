import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot, createAppRouter } from './app-root.tsx';
import { loadQueryClient, pageNeedsQuery } from './api/query-on-demand.tsx';
import { setNavigator } from './api/client.ts';
import { requestCurrentUserEarly } from './api/current-user.ts';
import { requestCurrentStepEarly } from './api/rfi-current-step.ts';
import { supplierSession } from './api/supplier-session.ts';
import { initialLocale, loadPageTexts, pageTextsOf } from './i18n.ts';
import { loadToastStore } from './components/overlays/toast-store.ts';
import { PRERENDERED_ATTRIBUTE } from '#domain/shell/prerendered-pages.ts';

const router = createAppRouter();

setNavigator((href) => void router.navigate({ href, replace: true }));

/**
 * The code of the page being opened starts loading beside its texts (the catalog of its area, web/i18n.ts)
 * and TanStack Query (unless the page does without it at first, web/api/query-on-demand.tsx) instead of
 * after them: on a slow line or CPU each round trip saved shows the page sooner.
 */
const opening = router.matchRoutes(router.state.location);
const locale = initialLocale();
if (opening.some((m) => m.routeId === '/_staff')) requestCurrentUserEarly(locale);
const questionnaire = opening.find((m) => m.routeId === '/client/rfi/$temp');
if (questionnaire && supplierSession.get()?.temp === questionnaire.params.temp) requestCurrentStepEarly(questionnaire.params.temp);
const routeChunks = opening.map((m) => router.loadRouteChunk(router.routesById[m.routeId as keyof typeof router.routesById])?.catch(() => undefined));
const query = pageNeedsQuery(opening) ? loadQueryClient().catch(() => undefined) : undefined;
if (query) void loadToastStore().catch(() => undefined);

/**
 * A page the server sent already rendered (web/prerender.tsx) is hydrated: React takes over the elements
 * shown, and what was typed into them, once the router has loaded the page, so its first render is the
 * one the server made. In another language than this browser's (a choice kept before the server could see
 * it), or when the router left the page (the questionnaire without this link's session goes to the
 * login), it is rendered afresh.
 */
const container = document.getElementById('root')!;
const prerendered = container.getAttribute(PRERENDERED_ATTRIBUTE);
const sentPath = router.state.location.pathname;
void Promise.all([loadPageTexts(pageTextsOf(opening), locale), query, ...routeChunks]).then(async () => {
  if (prerendered === locale) {
    await router.load();
    if (router.state.location.pathname === sentPath) {
      // As TanStack's own hydration marks a router whose page came from a server: its matches then render
      // without the Suspense boundaries a server's render has none of, so the trees are the same.
      router.ssr = { manifest: undefined };
      hydrateRoot(container, <AppRoot router={router} />);
      return;
    }
  }
  if (prerendered) container.replaceChildren();
  createRoot(container).render(<AppRoot router={router} />);
});
