/**
 * Just enough of a browser for a login that crosses sites over HTTP: a cookie jar per origin, redirects
 * followed one by one (each hop recorded), and HTML forms submitted with their hidden fields.
 */
export interface Hop {
  url: string;
  status: number;
  location?: string;
}

export interface Page {
  url: string;
  status: number;
  html: string;
  hops: Hop[];
}

export class HttpBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  /** The cookies this browser holds for an origin (name → value). */
  cookies(origin: string): Map<string, string> {
    let jar = this.jar.get(origin);
    if (!jar) this.jar.set(origin, (jar = new Map()));
    return jar;
  }

  /** Opens an address and follows its redirects; `stopAt` ends the walk before an address it matches is fetched. */
  async open(url: string, opts: { method?: 'GET' | 'POST'; form?: Record<string, string>; stopAt?: (url: URL) => boolean } = {}): Promise<Page> {
    const hops: Hop[] = [];
    let current = new URL(url);
    let method = opts.method ?? 'GET';
    let body: string | undefined = opts.form ? new URLSearchParams(opts.form).toString() : undefined;
    for (let i = 0; i < 20; i++) {
      const jar = this.cookies(current.origin);
      const headers: Record<string, string> = {};
      if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const res = await fetch(current, { method, headers, body, redirect: 'manual' });
      for (const c of res.headers.getSetCookie()) {
        const [pair, ...attrs] = c.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        const expired = !value || attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0/i.test(a));
        if (expired) jar.delete(name);
        else jar.set(name, value);
      }
      const location = res.headers.get('location') ?? undefined;
      hops.push({ url: current.href, status: res.status, location });
      if (res.status >= 300 && res.status < 400 && location) {
        await res.arrayBuffer();
        const next = new URL(location, current);
        if (opts.stopAt?.(next)) return { url: next.href, status: 0, html: '', hops };
        current = next;
        // 303 and (for forms) 302 turn the next request into a GET, as browsers do.
        if (res.status !== 307 && res.status !== 308) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      return { url: current.href, status: res.status, html: await res.text(), hops };
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** Submits the first form on a page with its hidden fields plus `fields`. */
  submit(page: Page, fields: Record<string, string>, opts: { stopAt?: (url: URL) => boolean } = {}): Promise<Page> {
    const form = page.html.match(/<form\b[^>]*>/i)?.[0];
    if (!form) throw new Error(`no form on ${page.url}: ${page.html.slice(0, 300)}`);
    const action = new URL(decode(form.match(/action="([^"]*)"/i)?.[1] ?? page.url), page.url);
    const hidden: Record<string, string> = {};
    for (const input of page.html.matchAll(/<input\b[^>]*type="hidden"[^>]*>/gi)) {
      const name = input[0].match(/name="([^"]*)"/i)?.[1];
      if (name) hidden[name] = decode(input[0].match(/value="([^"]*)"/i)?.[1] ?? '');
    }
    return this.open(action.href, { method: 'POST', form: { ...hidden, ...fields }, stopAt: opts.stopAt });
  }
}

const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x2F;/gi, '/').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
