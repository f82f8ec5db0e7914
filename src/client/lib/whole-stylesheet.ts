/**
 * The server inlines only the stylesheet rules its page uses (src/server/plugins/page-styles.ts),
 * and leaves a disabled `<link data-full-css>` to the whole file. What the page shows next can need
 * more: a dialog, another page. Applying the whole file restyles every element (20-30 ms on a
 * desktop, several times that on a phone), so it is fetched once the page has started and applied
 * only on the first sign of use: a tap, a key, a navigation. It then goes in as a `<style>` right
 * after that link, where the file itself would be: before the back office's stylesheet, which
 * comes later and must win (`lg:block` over `hidden`).
 */
const link = () => document.querySelector<HTMLLinkElement>('link[data-full-css]');

let preparing: Promise<void> | null = null;
let prepared: string | null = null;
let applied = false;

/** Fetches the whole stylesheet without applying it. Resolves when done (or failed). */
export function prepareWholeStylesheet(): Promise<void> {
  const element = link();
  if (!element || applied) return Promise.resolve();
  preparing ??= fetch(element.href)
    .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
    .then((text) => {
      prepared = text;
    })
    .catch(() => undefined);
  return preparing;
}

/** Applies the whole stylesheet (once): the fetched text at once, else by enabling the link. */
export function applyWholeStylesheet() {
  if (applied) return;
  const element = link();
  if (!element) return;
  applied = true;
  if (prepared === null) return element.removeAttribute('disabled');
  const style = document.createElement('style');
  style.dataset.fullCss = '';
  style.textContent = prepared;
  element.after(style);
}

/** Applies the whole stylesheet on the first tap, key press or history move. */
export function applyWholeStylesheetOnUse() {
  for (const type of ['pointerdown', 'touchstart', 'keydown', 'popstate'])
    window.addEventListener(type, applyWholeStylesheet, { capture: true, once: true, passive: true });
}
