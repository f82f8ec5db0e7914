import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider, type UIMatch } from 'react-router';
import type { PublicData } from './lib/public-data.ts';
import { recordDateTexts } from '../shared/dates.ts';
import { renderKeepingParts } from './lib/once.tsx';
import { pageMetaFor, renderHeadTags, safeJson } from './app/meta.ts';
import { Ready } from './app/ready.tsx';
import { routes } from './app/routes.tsx';

const handler = createStaticHandler(routes);

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'html';
      status: number;
      head: string;
      html: string;
      data: string;
      /** The path (and query) of the page's canonical URL, when it has one. */
      canonicalPath?: string;
    };

export interface RenderContext {
  publicData: PublicData;
  /** Absolute origin for canonical and Open Graph URLs, e.g. https://school.example */
  origin: string;
  /** The parts drawn once per content version (lib/once.tsx), when the server keeps them. */
  parts?: Map<string, string>;
}

/** Renders one public URL to HTML with its loader data (hydration data included). */
export async function render(request: Request, context: RenderContext): Promise<RenderResult> {
  const result = await handler.query(request, { requestContext: context });
  if (result instanceof Response) {
    return { kind: 'redirect', status: result.status, location: result.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, result);
  // Loaders have resolved every piece of data, so nothing suspends: the synchronous renderer is
  // several times faster than the streaming/prerender ones here.
  const dateTexts = recordDateTexts(); // renderToString is synchronous: no other render interleaves
  let html: string;
  let dates: Record<string, string>;
  try {
    const page = (
      <StrictMode>
        <Ready />
        <StaticRouterProvider router={router} context={result} hydrate={false} />
      </StrictMode>
    );
    html = renderKeepingParts(() => renderToString(page), context.parts);
  } finally {
    // Stopped even when rendering throws, so no later formatting is collected into this page.
    dates = dateTexts();
  }

  const matches = result.matches.map((m) => ({
    id: m.route.id,
    pathname: m.pathname,
    params: m.params,
    data: result.loaderData[m.route.id],
    loaderData: result.loaderData[m.route.id],
    handle: m.route.handle,
  })) as UIMatch[];
  const schoolName = (result.loaderData.public as { school?: { name: string } } | undefined)?.school?.name ?? 'Sprout';
  const meta = pageMetaFor(matches, context.origin) ?? { title: schoolName };
  return {
    kind: 'html',
    status: result.statusCode,
    head: renderHeadTags(meta, schoolName, context.origin),
    html,
    // Outside #root, or hydration would meet an element React did not render.
    data: hydrationScript(result, dates),
    canonicalPath: meta.canonicalPath,
  };
}

/**
 * The router's hydration data as inert JSON (read by entry-client), so the Content-Security-Policy
 * can forbid inline scripts. Error responses are marked the way react-router revives them; `dates`
 * are the date texts the page shows, so hydration formats none (shared/dates.ts).
 */
function hydrationScript(
  context: { loaderData: unknown; actionData: unknown; errors: Record<string, unknown> | null },
  dates: Record<string, string>,
) {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, error]) => [
          id,
          isRouteErrorResponse(error)
            ? { ...error, __type: 'RouteErrorResponse' }
            : // Never the error's own text: a failed query's carries its SQL (the page says "Something went wrong").
              { message: 'Error', __type: 'Error' },
        ]),
      )
    : null;
  const json = safeJson({ loaderData: context.loaderData, actionData: context.actionData, errors, dates });
  return `<script type="application/json" id="router-data">${json}</script>`;
}
