// `npm run fonts`: writes src/client/fonts/nunito-basic-wght.woff2, the part of the self-hosted
// Nunito (from @fontsource-variable/nunito, SIL Open Font License) that English pages draw: printable
// ASCII, the no-break space and the usual typographic punctuation, every weight. 24 KB instead of the
// 39 KB Latin file, so the preloaded font arrives sooner on a slow phone. The full Latin file still
// serves any other character (styles.css declares this subset last, so it is tried first).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import subsetFont from 'subset-font';

const root = join(import.meta.dirname, '..');
const source = join(root, 'node_modules/@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2');
const target = join(root, 'src/client/fonts/nunito-basic-wght.woff2');

/** Keep in step with the unicode-range of the subset's @font-face in src/client/styles.css. */
const TEXT = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('') + '\u00a0©·‘’“”–—…•';

/**
 * The OpenType features browsers apply by default. Nunito's others (frac, numr, dnom: 21 glyphs of
 * fraction digits) apply only on request, which no page makes: 2 KB less to load.
 */
const FEATURES = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk'];

const subset = await subsetFont(readFileSync(source), TEXT, { targetFormat: 'woff2', keepFeatures: FEATURES });
writeFileSync(target, subset);
console.log(`wrote ${target} (${subset.length} bytes)`);
