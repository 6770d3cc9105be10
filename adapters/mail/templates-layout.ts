/** The one look of every mail: plain text for any client, and simple HTML with inline styles only. */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; href: string };
  /** Label/value rows shown as a small table (task details). */
  facts?: [string, string][];
  footer: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value from a form or the database passes through here before it reaches HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Only http(s) links become clickable; anything else (javascript:, data:) is shown as text. */
function safeHref(href: string): string | null {
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Header lines must not carry line breaks (header injection). */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}

export function renderMail(c: MailContent): RenderedMail {
  const subject = oneLine(c.subject);
  const text = [
    c.greeting,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.facts?.length ? [...c.facts.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(c.action ? [`${c.action.label}: ${c.action.href}`, ''] : []),
    '--',
    c.footer,
  ].join('\n');

  const href = c.action ? safeHref(c.action.href) : null;
  const p = (s: string) => `<p style="margin:0 0 12px;line-height:1.6">${escapeHtml(s)}</p>`;
  const facts = c.facts?.length
    ? `<table style="border-collapse:collapse;margin:0 0 16px">${c.facts
        .map(
          ([k, v]) =>
            `<tr><td style="padding:4px 12px 4px 0;color:#666">${escapeHtml(k)}</td><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = c.action
    ? href
      ? `<p style="margin:16px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:8px 20px;background:#1c7ed6;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(c.action.label)}</a></p>` +
        `<p style="margin:0 0 12px;font-size:12px;color:#666;word-break:break-all">${escapeHtml(href)}</p>`
      : p(`${c.action.label}: ${c.action.href}`)
    : '';
  const html =
    `<!doctype html><html><body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,'PingFang SC','Microsoft YaHei',sans-serif;font-size:14px;color:#222">` +
    `<div style="max-width:600px;margin:0 auto;padding:24px;background:#fff;border-radius:6px">` +
    `<h2 style="margin:0 0 16px;font-size:18px">${escapeHtml(subject)}</h2>` +
    p(c.greeting) +
    c.paragraphs.map(p).join('') +
    facts +
    action +
    `<hr style="border:none;border-top:1px solid #eee;margin:20px 0 12px">` +
    `<p style="margin:0;font-size:12px;color:#999">${escapeHtml(c.footer)}</p>` +
    `</div></body></html>`;
  return { subject, text, html };
}
