import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RenderContext, RenderResult } from '../../client/entry-server.tsx';
import type { AppConfig } from '../config.ts';
import { isConnectionError } from '../db/client.ts';
import { createServerPublicData, ReadMemo, reportingUnavailable } from '../modules/site/public-data.ts';
import { currentUser } from '../modules/auth/auth.service.ts';
import { previewData, type PreviewOverrides } from '../modules/website/preview.ts';
import { SESSION_COOKIE, userForSession } from '../modules/auth/sessions.service.ts';
import { bootScriptTag } from './boot-script.ts';
import { cmsDataPreloads, cmsPreloader, signedInUserBlock } from './cms-shell.ts';
import { CMS_SCREENS } from '../../client/app/routes/cms/cms-screens.ts';
import { compressPage, compressSmallest, pickEncoding, precompressAssets } from './compression.ts';
import { etagOf, PageCache, pageKey, type CachedPage, type PageBytes } from './page-cache.ts';
import { ROOT_DIR } from '../root.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rendered public pages; cleared on any content or settings write (see changesPages). */
    pageCache: PageCache;
    /**
     * A page drawn on the server alone (the family area): the public site's document and
     * stylesheet around `html`, with no script. Never cached.
     */
    scriptlessPage(head: string, html: string): Promise<Buffer>;
  }
}

type RenderFn = (request: Request, context: RenderContext) => Promise<RenderResult>;

interface Renderer {
  /**
   * The page around the public site's rendered HTML (index.html) or the staff entry's shell
   * (cms.html), with its stylesheet inlined (production only; Vite injects styles in dev).
   */
  template(url: string): Promise<string>;
  /** The public page's document without its script (pages that need none). */
  scriptless(): Promise<string>;
  render: RenderFn;
}

const ENTRY_SCRIPT = /<script type="module"[^>]*src="[^"]+"[^>]*><\/script>\s*/;

/** The build's folder; SPROUT_DIST_DIR lets parallel work trees or runs build apart. */
export const DIST_DIR = resolve(ROOT_DIR, process.env.SPROUT_DIST_DIR ?? 'dist');
export const CLIENT_DIST = join(DIST_DIR, 'client');
const SSR_ENTRY = join(DIST_DIR, 'ssr/entry-server.js');

const CLIENT_ONLY = /^\/(cms|install)(\/|\?|$)/;
const CMS_PATH = /^\/cms(\/|\?|$)/;
/**
 * The cache key of the back office's and the wizard's shell: the page without a signed-in user,
 * the same bytes on every path but for the back office's preloads, which name the sign-in screen,
 * or the "Forgot password?" link's (cms-shell.ts).
 */
const shellKey = (url: string) => {
  const pathname = url.split('?')[0]!;
  if (!CMS_PATH.test(pathname)) return 'shell:/install';
  return pathname === '/cms/reset-password' ? 'shell:/cms/reset-password' : 'shell:/cms';
};
const SHELL_PATH = /^shell:(\S+)/;

type Redirect = { kind: 'redirect'; status: number; location: string };
const SHELL_HEAD = '<title>Back office</title>\n    <meta name="robots" content="noindex" />';
/** §2 "Loading..." drawn by the page itself (as routes.tsx's fallback draws it), replaced when the script starts. */
const SHELL_LOADING = '<p class="p-8 text-center text-slate-600">Loading...</p>';

async function productionRenderer(): Promise<Renderer> {
  if (!existsSync(SSR_ENTRY) || !existsSync(join(CLIENT_DIST, 'cms.html'))) {
    throw new Error('The site is not built: run `npm run build` (npm start does it for you).');
  }
  const page = withDeferredScript(withInlineStyles(withFontPreload(readFileSync(join(CLIENT_DIST, 'index.html'), 'utf8'))));
  // The shell's script starts at once: there is nothing to paint first but "Loading...".
  const shell = withInlineStyles(withFontPreload(readFileSync(join(CLIENT_DIST, 'cms.html'), 'utf8')));
  const scriptless = withInlineStyles(withFontPreload(readFileSync(join(CLIENT_DIST, 'index.html'), 'utf8')))
    .replace(ENTRY_SCRIPT, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  const mod = (await import(SSR_ENTRY)) as { render: RenderFn };
  return {
    template: async (url) => (CLIENT_ONLY.test(url) ? shell : page),
    scriptless: async () => scriptless,
    render: mod.render,
  };
}

async function devRenderer(app: FastifyInstance): Promise<Renderer> {
  const { createServer } = await import('vite');
  const vite = await createServer({ root: ROOT_DIR, server: { middlewareMode: true }, appType: 'custom' });
  await app.register((await import('@fastify/middie')).default);
  app.use(vite.middlewares);
  app.addHook('onClose', () => vite.close());
  const raw = readFileSync(join(ROOT_DIR, 'index.html'), 'utf8');
  const shell = readFileSync(join(ROOT_DIR, 'cms.html'), 'utf8');
  return {
    template: (url) => vite.transformIndexHtml(url, CLIENT_ONLY.test(url) ? shell : raw),
    // Vite serves the stylesheet itself in development (in production it is inlined).
    scriptless: async () =>
      raw
        .replace(ENTRY_SCRIPT, '')
        .replace('<!--app-head-->', '<link rel="stylesheet" href="/src/client/styles.css" />\n    <!--app-head-->'),
    render: async (request, context) => {
      const mod = (await vite.ssrLoadModule('/src/client/entry-server.tsx')) as { render: RenderFn };
      return mod.render(request, context);
    },
  };
}

/**
 * The stylesheet inlined whole (the public one about 8.5 KB compressed, the staff one about 11 KB):
 * first paint needs no second request, and what the page shows next (a dialog, another page) is
 * styled already. The CSP allows inline styles; scripts stay external.
 * docs/decisions/0013-fresh-renders.md says why it is not cut per page.
 */
function withInlineStyles(html: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (tag, href: string) => {
    const file = join(CLIENT_DIST, href);
    if (!existsSync(file)) return tag;
    // The disabled link (never fetched) stays for Vite's chunk loader, which looks for it before
    // adding a chunk's stylesheet, and would otherwise load this one again over the back office's.
    return `<style>${readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="${href}" disabled />`;
  });
}

/**
 * The entry module is started by the inlined boot script after the first paint (and its chunks are
 * no longer preloaded): the server-rendered page paints and works without waiting for ~110 KB of
 * script.
 */
function withDeferredScript(html: string): string {
  const entry = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/.exec(html);
  if (!entry) return html;
  return html
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace('</body>', () => `${bootScriptTag(entry[1]!)}\n  </body>`);
}

/** Preloads the part of the self-hosted font that English pages draw (styles.css, `npm run fonts`). */
function withFontPreload(html: string): string {
  const font = readdirSync(join(CLIENT_DIST, 'assets')).find((f) => /^nunito-basic-wght-.*\.woff2$/.test(f));
  if (!font) return html;
  const link = `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin />`;
  return html.replace('<!--app-head-->', `${link}\n    <!--app-head-->`);
}

const HEAD_SLOT = '<!--app-head-->';
const HTML_SLOT = '<!--app-html--></div>';

/**
 * The template cut at its slots, its constant pieces encoded once: a request encodes and hashes
 * only what it rendered.
 */
interface CutTemplate {
  /** The text before the head, between head and HTML, and after the HTML. */
  pieces: [Buffer, Buffer, Buffer];
  /** The pieces' digest, folded into each page's ETag. */
  digest: Buffer;
}
/** The cut of each template (the public page's and the shell's; in development, what Vite last answered). */
const cuts = new Map<string, CutTemplate>();

function cutTemplate(template: string): CutTemplate {
  const known = cuts.get(template);
  if (known) return known;
  const head = template.indexOf(HEAD_SLOT);
  const html = template.indexOf(HTML_SLOT, head);
  if (head < 0 || html < 0) throw new Error(`index.html lost its ${HEAD_SLOT} or ${HTML_SLOT} slot`);
  const pieces: [Buffer, Buffer, Buffer] = [
    Buffer.from(template.slice(0, head)),
    Buffer.from(template.slice(head + HEAD_SLOT.length, html)),
    Buffer.from(template.slice(html + HTML_SLOT.length)),
  ];
  const cut = { pieces, digest: createHash('sha1').update(pieces[0]).update(pieces[1]).update(pieces[2]).digest() };
  if (cuts.size >= 4) cuts.clear();
  cuts.set(template, cut);
  return cut;
}

/** The page's bytes and ETag: the template with the rendered head, HTML and hydration data in its slots. */
export function fillTemplate(template: string, head: string, html: string, data = ''): PageBytes {
  const { pieces, digest } = cutTemplate(template);
  // Joined, not String#replace: no scan of the template, and no `$` patterns in content.
  const ownHead = Buffer.from(head);
  const ownHtml = Buffer.from(html);
  const ownRest = Buffer.from(`</div>${data}`);
  const body = Buffer.concat([pieces[0], ownHead, pieces[1], ownHtml, ownRest, pieces[2]]);
  return { body, etag: etagOf(digest, ownHead, ownHtml, ownRest) };
}

export default fp(
  async function renderPlugin(app: FastifyInstance, opts: { config: AppConfig }) {
    const { config } = opts;
    if (!config.dev) {
      precompressAssets(CLIENT_DIST);
      await app.register((await import('@fastify/static')).default, {
        root: CLIENT_DIST,
        preCompressed: true,
        wildcard: false,
        index: false,
        setHeaders(res, path) {
          res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    }
    const renderer = config.dev ? await devRenderer(app) : await productionRenderer();
    // SPROUT_PAGE_CACHE=off measures rendering itself (npm run bench:pages -- --no-cache).
    const megabytes = Number(process.env.SPROUT_PAGE_CACHE_MB);
    const cache = new PageCache(
      !config.dev && process.env.SPROUT_PAGE_CACHE !== 'off',
      megabytes > 0 ? { maxBytes: megabytes * 1024 * 1024 } : {},
    );
    app.decorate('pageCache', cache);
    const reads = new ReadMemo();
    cache.onClear(() => reads.clear());
    const publicData = createServerPublicData(app, reads);
    // Every write, from this instance or (on PostgreSQL) another, empties the cache and the reads.
    app.siteChanges.subscribe(() => cache.clear());

    // A draft's preview (website/preview.ts): the page drawn afresh with the draft in place, never
    // kept, and without the shared parts (they would keep the draft's words for parents).
    app.decorate('renderPreview', async (path: string, origin: string, overrides: PreviewOverrides) => {
      const template = await renderer.template(path);
      const result = await renderer.render(new Request(new URL(path, origin), { headers: { accept: 'text/html' } }), {
        publicData: previewData(publicData, app.db, overrides),
        origin,
        parts: undefined,
      });
      if (result.kind === 'redirect')
        return { status: 200, html: `<p>This page moves to ${result.location.replace(/[<>&"]/g, '')}.</p>` };
      return { status: result.status, html: fillTemplate(template, result.head, result.html).body.toString() };
    });

    app.decorate(
      'scriptlessPage',
      async (head: string, html: string) => fillTemplate(await renderer.scriptless(), head, html).body,
    );

    const preloads = config.dev ? () => '' : cmsPreloader(CLIENT_DIST);
    /** The shell of a client-only page; for the back office with its preloads and, signed in, the user. */
    async function renderShell(url: string, user?: Parameters<typeof signedInUserBlock>[0]) {
      const pathname = url.split('?')[0]!;
      const template = await renderer.template(pathname);
      const data = user && !config.dev ? `\n    ${cmsDataPreloads(url, user)}` : '';
      const head = `${SHELL_HEAD}\n    ${preloads(pathname, user)}${data}`;
      return fillTemplate(template, head, SHELL_LOADING, user ? signedInUserBlock(user) : '');
    }

    async function renderPage(url: URL, origin: string, key: string) {
      if (CLIENT_ONLY.test(url.pathname))
        return { kind: 'page' as const, status: 200, page: await renderShell(url.pathname), canonicalPath: key };
      const template = await renderer.template(url.pathname);
      let unavailable: unknown;
      const result = await renderer.render(new Request(url, { headers: { accept: 'text/html' } }), {
        publicData: reportingUnavailable(publicData, (error) => (unavailable ??= error)),
        origin,
        // Not in development: an edited component would keep its old markup.
        parts: config.dev ? undefined : reads.parts,
      });
      if (unavailable) {
        // Not a page with "could not load" in it (nor one to keep): the kept copy, or a 503.
        reads.parts = new Map();
        throw unavailable;
      }
      if (result.kind === 'redirect') return result;
      return {
        kind: 'page' as const,
        status: result.status,
        page: fillTemplate(template, result.head, result.html, result.data),
        canonicalPath: result.canonicalPath,
      };
    }

    /**
     * Renders the page of `key` (the asked URL's path and the parameters its page reads): a URL
     * with other parameters gets the same page, so they share the entry. A page is kept under its
     * own address (its canonical path); other addresses (404s, `/About`) only in the stray share.
     */
    async function renderAndKeep(
      path: string,
      key: string,
      origin: string,
    ): Promise<{ page: CachedPage; kept: boolean } | Redirect> {
      const generation = cache.generation;
      const shellPath = SHELL_PATH.exec(path)?.[1];
      const result = await renderPage(new URL(origin + (shellPath ? pathOfShell(path, shellPath) : path)), origin, path);
      if (result.kind === 'redirect') return result;
      const page: CachedPage = { status: result.status, ...result.page, storedAt: Date.now() };
      const own = result.status === 200 && result.canonicalPath === path;
      const kept = (result.status === 200 || result.status === 404) && cache.set(key, page, { own, generation });
      return { page, kept };
    }

    /** A path the shell of `key` stands for (its screen's path, parameters filled in). */
    function pathOfShell(key: string, area: string) {
      if (area !== '/cms') return area;
      const module = key.slice(key.indexOf(' ') + 1);
      const screen = CMS_SCREENS.find((s) => s.module === module);
      return screen ? `/cms/${screen.path.replace(/:\w+/g, '0')}` : '/cms/-';
    }

    /**
     * A cached page is answered synchronously (a sync handler returns nothing, Fastify waits on no
     * promise); a page to render returns the render's promise.
     */
    function sendPage(request: FastifyRequest, reply: FastifyReply) {
      // Signed in: the back office's shell carries the user (never cached: it is this person's).
      if (request.cookies[SESSION_COOKIE] && CMS_PATH.test(request.url)) return sendSignedInShell(request, reply);
      const path = CLIENT_ONLY.test(request.url) ? shellKey(request.url) : pageKey(request.url);
      // Until the site address is set, links follow the request's host: each host has its own pages.
      const key = app.siteAddress.configured() ? path : `${app.siteOrigin(request)} ${path}`;
      const page = cache.get(key);
      if (!page) return renderAndSend(request, reply, path, key);
      send(request, reply, key, page, true);
    }

    async function renderAndSend(request: FastifyRequest, reply: FastifyReply, path: string, key: string) {
      const origin = app.siteOrigin(request);
      let result: Awaited<ReturnType<typeof renderAndKeep>>;
      try {
        result = await cache.once(key, () => renderAndKeep(path, key, origin));
      } catch (error) {
        // The database is away: the page as it was last kept, however old; else the error
        // handler's 503 (a balancer then tries another instance).
        const stale = isConnectionError(error) ? cache.stale(key) : undefined;
        if (!stale) throw error;
        request.log.debug({ err: error }, 'database unavailable: answering the kept page');
        return send(request, reply, key, stale, false);
      }
      if ('location' in result) return reply.redirect(result.location, result.status);
      return send(request, reply, key, result.page, result.kept);
    }

    async function sendSignedInShell(request: FastifyRequest, reply: FastifyReply) {
      const session = await userForSession(app.db, request.cookies[SESSION_COOKIE]!);
      const user = session && (await currentUser(app.db, session.id));
      if (!user) {
        const key = shellKey(request.url);
        const page = cache.get(key);
        return page ? send(request, reply, key, page, true) : renderAndSend(request, reply, key, key);
      }
      const page = await renderShell(request.url, user);
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('vary', 'accept-encoding, cookie');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(page.body);
      return reply.header('content-encoding', encoding).send(compressPage(page.body, encoding));
    }

    function send(request: FastifyRequest, reply: FastifyReply, key: string, page: CachedPage, cached: boolean) {
      reply.header('etag', page.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      reply.code(page.status).type('text/html; charset=utf-8');
      const encoding = page.body.length > 1024 ? pickEncoding(request.headers['accept-encoding']) : null;
      if (!encoding) return reply.send(page.body);
      let copy = page[encoding];
      if (!copy) {
        copy = page[encoding] = compressPage(page.body, encoding);
        cache.resize(key, page);
      }
      if (cached) compressSmallest(page, encoding, () => cache.resize(key, page));
      return reply.header('content-encoding', encoding).send(copy);
    }

    app.get('/*', sendPage);
  },
  { name: 'render', dependencies: ['db'] },
);
