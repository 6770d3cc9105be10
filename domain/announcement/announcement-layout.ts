// Apart from announcement.ts's zod schemas: the staff shell's bell reads them on every page, without zod.

/** Req shell §9. */
export const ANNOUNCEMENT_PAGE_SIZE = 20;
export const ANNOUNCEMENT_DRAWER_WIDTH = 460;
