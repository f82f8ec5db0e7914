import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cmsScreenAt, cmsScreenFor } from '../../client/app/routes/cms/cms-screens.ts';
import type { Module } from '../../shared/permissions.ts';
import { SECTION_KEYS } from '../../shared/schemas/site-content-defaults.ts';
import type { CurrentUser } from '../../shared/schemas/user.ts';

interface ManifestEntry {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestEntry>;

const screenKey = (module: string) => `src/client/app/routes/cms/screens/${module}.tsx`;

const BACK_OFFICE = 'src/client/app/routes/cms/cms-app.tsx';

const WIZARD = 'src/client/app/routes/install/install-app.tsx';

/**
 * Without a signed-in user the page opens on a sign-in screen, a chunk of its own with the forms'
 * code (decision 22): preloaded in place of the screen's. `cms-app.tsx` waits for the same module.
 */
const LOGIN = 'src/client/app/routes/cms/shell/login-screen.tsx';
const RESET_PASSWORD = 'src/client/app/routes/cms/shell/reset-password-screen.tsx';

/**
 * The links that start the staff entry's stylesheet, the back office's chunks and those of the
 * screen `pathname` opens (or the wizard's), from the staff build's manifest (scripts/build.mjs):
 * without them each waits for the one before (issue 18 measured that chain on a phone). The entry
 * and the chunks it imports are the template's own links (cms.html); its stylesheet is inlined
 * (render.ts). Empty in development (no manifest). The lazy chunks at low
 * priority: the page draws its own "Loading..." first, and nothing else competes with them.
 */
export function cmsPreloader(clientDist: string): (pathname: string, user?: CurrentUser) => string {
  const file = join(clientDist, '.vite/cms-manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const memo = new Map<string, string>();
  return (pathname, user) => {
    const signIn = pathname === '/cms/reset-password' ? RESET_PASSWORD : user ? undefined : LOGIN;
    const screen = signIn ? undefined : cmsScreenFor(pathname);
    const key = /^\/install/.test(pathname) ? WIZARD : (signIn ?? screen ?? '');
    let links = memo.get(key);
    if (links === undefined) {
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (name: string) => {
        const entry = manifest[name];
        if (!entry || scripts.has(entry.file)) return;
        scripts.add(entry.file);
        for (const css of entry.css ?? []) styles.add(css);
        for (const imported of entry.imports ?? []) visit(imported);
      };
      visit('cms.html');
      const [ownScripts, ownStyles] = [scripts.size, styles.size];
      const names =
        key === WIZARD ? [WIZARD] : [BACK_OFFICE, ...(signIn ? [signIn] : []), ...(screen ? [screenKey(screen)] : [])];
      for (const name of names) visit(name);
      links = [
        ...[...scripts].slice(ownScripts).map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}" />`),
        // The entry's stylesheet is in the page already; a screen's own is added as a stylesheet.
        ...[...styles].slice(ownStyles).map((f) => `<link rel="preload" as="style" crossorigin href="/${f}" />`),
      ].join('\n    ');
      memo.set(key, links);
    }
    return links;
  };
}

/**
 * What the first screen of a signed-in user asks for at once, fetched with the page's own files:
 * the school, the password policy, the new enquiries' count and, opened without a search, the
 * list's first page. Only what this user may read (a refused preload is an error in the console).
 */
export function cmsDataPreloads(url: string, user: CurrentUser): string {
  const [pathname, query] = url.split('?');
  const can = (module: Module) => Boolean(user.permissions?.[module]?.read);
  const screen = query ? undefined : cmsScreenAt(pathname!);
  const firstPage = screen?.firstPage && can(screen.firstPage[0]) ? addressOn(screen, pathname!) : undefined;
  const urls = [
    '/api/school',
    '/api/auth/password-policy',
    ...(can('leads') ? ['/api/enquiries/new-count'] : []),
    ...(firstPage ? [firstPage] : []),
  ];
  return urls.map((u) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${u}" />`).join('\n    ');
}

/** What a path's `:param` may be for its data to be preloaded: anything else would be refused, an error in the console. */
const PARAMS: Record<string, (value: string) => boolean> = {
  id: (value) => /^[1-9]\d{0,9}$/.test(value),
  section: (value) => (SECTION_KEYS as readonly string[]).includes(value),
};

/** A screen's `firstPage` address with the path's params in it, or undefined when one is not what the screen reads. */
function addressOn(screen: NonNullable<ReturnType<typeof cmsScreenAt>>, pathname: string): string | undefined {
  const segments = pathname.replace(/^\/cms\/?/, '').split('/');
  let address = screen.firstPage![1];
  for (const [i, part] of screen.path.split('/').entries()) {
    if (!part.startsWith(':')) continue;
    const value = segments[i]!;
    if (!PARAMS[part.slice(1)]?.(value)) return undefined;
    address = address.replace(part, value);
  }
  return address;
}

/**
 * The signed-in user as /api/auth/user answers it, in the page (a JSON block: no script runs, the
 * CSP is untouched): the back office draws its first screen without asking first.
 */
export const signedInUserBlock = (user: CurrentUser) =>
  `<script type="application/json" id="cms-user">${JSON.stringify({ user }).replace(/</g, '\\u003c')}</script>`;
