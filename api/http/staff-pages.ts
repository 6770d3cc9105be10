/**
 * Files the web build writes beside index.html for the staff pages (infra/web-page-preloads.ts), which the
 * server sends in its place (api/web-static.ts).
 */
export const STAFF_HTML = 'staff.html';
/** The first path segments of the staff pages, as a JSON array. */
export const STAFF_PATHS = 'staff-paths.json';
