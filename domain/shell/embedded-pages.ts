import { z } from 'zod';

/**
 * Pages of other systems the shell shows in a full-size frame at /embedded/{id} (req shell §2.6). Which
 * addresses may be framed is the installation's setting (EMBEDDED_PAGES), never the link's: a link
 * naming any address would let anyone show a foreign page inside the application's frame. The
 * configured origins are also the only ones the Content-Security-Policy lets the app frame.
 */
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http or https address' });

export const embeddedPageConfig = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: 'lower-case letters, digits and dashes, at most 40' }),
  /** Menu and tab title; `titleEn` in English (the Chinese one otherwise). */
  title: z.string().trim().min(1).max(50),
  titleEn: z.string().trim().min(1).max(50).optional(),
  url: httpUrl,
});
export type EmbeddedPageConfig = z.infer<typeof embeddedPageConfig>;

/** EMBEDDED_PAGES: a JSON array of pages with distinct ids; unset means none. */
export const embeddedPagesSetting = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (!raw?.trim()) return [];
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not JSON: a list of {"id","title","url"}' });
      return z.NEVER;
    }
  })
  .pipe(z.array(embeddedPageConfig).refine((pages) => new Set(pages.map((p) => p.id)).size === pages.length, { error: 'ids must be distinct' }));

/** An embedded page as a staff member's menu lists it, in their language. */
export interface EmbeddedPage {
  id: string;
  title: string;
  url: string;
}

export const embeddedPageOf = (page: EmbeddedPageConfig, locale: string): EmbeddedPage => ({
  id: page.id,
  title: locale === 'en' ? (page.titleEn ?? page.title) : page.title,
  url: page.url,
});

/** The origins the app may frame: those of the configured pages. */
export const embeddedOrigins = (pages: readonly { url: string }[]): string[] => [...new Set(pages.map((p) => new URL(p.url).origin))];

/**
 * The address a page shows: the query `path` (req shell §2.6) when it is an http(s) address on the
 * page's own origin (a deep link into the same system), else the configured address. An address
 * elsewhere is refused (null), not silently replaced, so a wrong link is noticed.
 */
export function embeddedAddress(page: { url: string }, path: string | undefined): string | null {
  if (!path) return page.url;
  let target: URL;
  try {
    target = new URL(path, page.url);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  return target.origin === new URL(page.url).origin ? target.href : null;
}
