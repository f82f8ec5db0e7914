import sanitizeHtml from 'sanitize-html';
import { isUploadUrl, uploadSrcSet } from '../../../shared/schemas/media.ts';

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*[\d.]+\s*)?\)$/i, /^[a-z]{3,20}$/i];

/**
 * The width a body's photo is shown at: the text column (max-w-3xl less its padding) on a wide
 * screen, the screen's width on a phone.
 */
const BODY_IMAGE_SIZES = '(min-width: 48rem) 736px, calc(100vw - 2rem)';

/** Photos drawn so far in the body being sanitised: the first is loaded at once, later ones lazily. */
let imagesSeen = 0;

/**
 * The allow-list of the blog editor's features (TipTap StarterKit, Underline, Link, TextStyle +
 * Color, Highlight, and photos uploaded here, issue 31): no scripts, event handlers, iframes,
 * photos from other hosts or non-http(s)/mailto links. A photo gets its resized variants as srcset.
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
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    span: ['style'],
    mark: ['style', 'data-color'],
    ol: ['start'],
    img: ['src', 'alt', 'width', 'height', 'srcset', 'sizes', 'loading', 'decoding'],
  },
  allowedStyles: {
    span: { color: COLOR },
    mark: { 'background-color': COLOR, color: COLOR },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A photo must be one of our uploads (the site loads nothing from other hosts).
  exclusiveFilter: (frame) => frame.tag === 'img' && !isUploadUrl(frame.attribs.src),
  transformTags: {
    img: (tagName, { src = '', alt = '', width, height }) => ({
      tagName,
      attribs: {
        src,
        alt,
        ...(/^\d{1,5}$/.test(width ?? '') && /^\d{1,5}$/.test(height ?? '') ? { width: width!, height: height! } : {}),
        ...(isUploadUrl(src) ? { srcset: uploadSrcSet(src)!, sizes: BODY_IMAGE_SIZES } : {}),
        ...(imagesSeen++ > 0 ? { loading: 'lazy' } : {}),
        decoding: 'async',
      },
    }),
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
  imagesSeen = 0;
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
