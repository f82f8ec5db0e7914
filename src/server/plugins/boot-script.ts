import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from '../root.ts';

/**
 * public/boot.js, inlined at the end of every page (its comments dropped): it starts the site's
 * JavaScript after the first paint. Inline, a phone spends no round trip fetching it before the
 * page counts as drawn. The Content-Security-Policy allows exactly this text by its hash.
 */
export const BOOT_SCRIPT = readFileSync(join(ROOT_DIR, 'public/boot.js'), 'utf8')
  .split('\n')
  .filter((line) => !/^\s*\/\//.test(line))
  .join('\n')
  .trim();

/** The CSP source expression that allows BOOT_SCRIPT and no other inline script. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** The script element that starts `entry` (the built entry module's URL). */
export const bootScriptTag = (entry: string) => `<script data-entry="${entry}">${BOOT_SCRIPT}</script>`;
