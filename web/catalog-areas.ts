/**
 * Areas of the app whose pages load a lingui catalog of their own messages only (made at build by
 * infra/web-catalog-areas.ts from the modules the area's route files reach); every other page loads the
 * whole catalog of its language. A page belongs to the first area that holds all of its routes.
 * - `routeFiles`: the area's route files under web/routes/, a file or a folder;
 * - `routeIds`: the ids of those routes (a route's id, or a prefix ending in `/`).
 */
export const CATALOG_AREAS = {
  /** The invitation's login page: its form's texts only, the smallest first load of a supplier. */
  supplierLogin: { routeFiles: ['client/login.$temp.tsx'], routeIds: ['/client/login/$temp'] },
  /** The supplier's pages (questionnaire, portal): none of the staff screens' texts. */
  supplier: { routeFiles: ['client'], routeIds: ['/client/'] },
} as const satisfies Record<string, { routeFiles: readonly string[]; routeIds: readonly string[] }>;

/** `all`: the whole catalog of the language. */
export type CatalogArea = keyof typeof CATALOG_AREAS | 'all';

const inArea = (id: string, ids: readonly string[]) => ids.some((p) => (p.endsWith('/') ? id.startsWith(p) : id === p));

/** The area of a page from the ids of its matched routes (`__root__`, `/client/login/$temp`, …). */
export function catalogAreaOf(routeIds: readonly string[]): CatalogArea {
  const own = routeIds.filter((id) => id !== '__root__');
  for (const [area, { routeIds: ids }] of Object.entries(CATALOG_AREAS)) {
    if (own.length > 0 && own.every((id) => inArea(id, ids))) return area as CatalogArea;
  }
  return 'all';
}
