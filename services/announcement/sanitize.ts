import sanitizeHtml from 'sanitize-html';

/**
 * The HTML an announcement body may keep (OWASP ASVS V5.2.2): text formatting, lists, tables, images
 * and links only, with http(s)/mailto links and images over http(s) or from this site. Scripts, styles,
 * event handlers, frames and javascript: or data: URLs never survive, so the stored body can be
 * rendered as HTML in every reader's browser.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
    'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'ul', 'ol', 'li', 'a', 'img',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link opening a new tab must not hand the opener to the other site.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
