/**
 * The server inlines only the stylesheet rules its page uses (src/server/plugins/page-styles.ts),
 * and leaves a disabled `<link data-full-css>` to the whole file. What the page shows next can need
 * more: a menu opened, a dialog, another page. Applying the whole file restyles every element
 * (20-30 ms on a desktop, several times that on a phone), so it is fetched and parsed once the page
 * has started, and applied only on the first sign of use: a tap, a key, a navigation. Where the
 * browser has constructable stylesheets the prepared sheet applies at once (it follows the page's
 * own stylesheets, so the cascade is that of the whole file); elsewhere the link is enabled.
 */
const link = () => document.querySelector<HTMLLinkElement>('link[data-full-css]');
const constructable = () => typeof CSSStyleSheet !== 'undefined' && 'adoptedStyleSheets' in Document.prototype;

let preparing: Promise<void> | null = null;
let prepared: CSSStyleSheet | null = null;
let applied = false;

/** Fetches and parses the whole stylesheet without applying it. Resolves when done (or failed). */
export function prepareWholeStylesheet(): Promise<void> {
  const element = link();
  if (!element || applied || !constructable()) return Promise.resolve();
  preparing ??= fetch(element.href)
    .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
    .then((text) => new CSSStyleSheet().replace(text))
    .then((sheet) => {
      prepared = sheet;
    })
    .catch(() => undefined);
  return preparing;
}

/** Applies the whole stylesheet (once): the prepared one at once, else through the link. */
export function applyWholeStylesheet() {
  if (applied) return;
  const element = link();
  if (!element) return;
  applied = true;
  if (prepared) document.adoptedStyleSheets = [...document.adoptedStyleSheets, prepared];
  else element.removeAttribute('disabled');
}

/** Applies the whole stylesheet on the first tap, key press or history move. */
export function applyWholeStylesheetOnUse() {
  for (const type of ['pointerdown', 'touchstart', 'keydown', 'popstate'])
    window.addEventListener(type, applyWholeStylesheet, { capture: true, once: true, passive: true });
}
