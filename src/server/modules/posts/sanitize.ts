import sanitizeHtml from 'sanitize-html';

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*[\d.]+\s*)?\)$/i, /^[a-z]{3,20}$/i];

/**
 * The allow-list of the blog editor's features (TipTap StarterKit, Underline, Link, TextStyle +
 * Color, Highlight): no scripts, event handlers, iframes, images or non-http(s)/mailto links.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'ul',
    'ol',
    'li',
    'a',
    'span',
    'mark',
    'blockquote',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    span: ['style'],
    mark: ['style', 'data-color'],
    ol: ['start'],
  },
  allowedStyles: {
    span: { color: COLOR },
    mark: { 'background-color': COLOR, color: COLOR },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

/**
 * Recent answers, newest last: posts are sanitised again each time they are read (the allow-list
 * may have changed since they were saved), and read far more often than written. Bounded by the
 * characters held (input and output), a few megabytes.
 */
const recent = new Map<string, string>();
const RECENT_MAX_CHARS = 2_000_000;
let recentChars = 0;

/** `html` reduced to the allow-list above. A pure function, so recent answers are reused. */
export function sanitizePostHtml(html: string): string {
  const known = recent.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html, OPTIONS);
  const chars = html.length + clean.length;
  if (chars <= RECENT_MAX_CHARS / 4) {
    for (const [input, output] of recent) {
      if (recentChars + chars <= RECENT_MAX_CHARS) break;
      recent.delete(input);
      recentChars -= input.length + output.length;
    }
    recent.set(html, clean);
    recentChars += chars;
  }
  return clean;
}
