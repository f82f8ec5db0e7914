import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eventLinks, getEvent, PUBLIC_EVENT } from '../events/events.service.ts';
import { listPosts, publishedPostLinks } from '../posts/posts.service.ts';
import { getSchoolProfile, schoolUpdatedAt } from '../site/site.service.ts';
import { publishedPageLinks } from '../website/pages.service.ts';
import { calendarContent } from './calendar-content.ts';
import { icsCalendar } from './feeds.service.ts';
import { robotsTxt, rssXml, sitemapXml } from './site-feeds.ts';
import { filterSlug } from '../../../shared/public-lists.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';
import { AppError, notFound } from '../../errors.ts';
import { isConnectionError } from '../../db/client.ts';
import { pageBytes, pathOf, type CachedPage, type PageCache } from '../../plugins/page-cache.ts';

/** While the database is away, the copy kept last however old; any other failure goes on. */
const staleOr = (cache: PageCache, key: string) => (error: unknown) => {
  const stale = isConnectionError(error) ? cache.stale(key) : undefined;
  if (!stale) throw error;
  return stale;
};

/**
 * The branch a feed's `?branch=` names (by name or as in links, `city-branch`), undefined for the
 * whole school; a name the school does not have is a 404 that lists the ones it has.
 */
function branchAsked(school: SchoolProfile, asked: unknown): string | undefined {
  if (typeof asked !== 'string' || asked.trim() === '') return undefined;
  const found = school.branches.find((b) => filterSlug(b.name) === filterSlug(asked));
  if (found) return found.name;
  const names = school.branches.map((b) => b.name);
  throw new AppError(
    404,
    'NOT_FOUND',
    names.length
      ? `The school has no branch called "${asked.slice(0, 80)}". Its branches are: ${names.join(', ')}.`
      : `The school has no branches: leave out "branch" for its calendar.`,
  );
}

/** RSS: the newest posts. */
const RSS_ITEMS = 20;

/**
 * Feeds for search engines and calendars. Answers go through the page cache when the site is
 * served (dropped on the same writes as the pages; keyed by path and, for /events.ics, the
 * branch), with an ETag either way.
 */
export default async function feedsRoutes(app: FastifyInstance) {
  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    type: string,
    build: () => Promise<string>,
    headers: Record<string, string> = {},
    variant = '',
  ) {
    const cache = app.hasDecorator('pageCache') ? app.pageCache : undefined;
    // Until the site address is set, links follow the request's host: each host has its own copy.
    const key = `feed:${app.siteAddress.configured() ? '' : app.siteOrigin(request)}${pathOf(request.url)}${variant}`;
    const fresh = async (): Promise<CachedPage> => {
      const generation = cache?.generation;
      const page = { status: 200, ...pageBytes(await build()), storedAt: Date.now() };
      cache?.set(key, page, { generation });
      return page;
    };
    const page = cache?.get(key) ?? (await (cache ? cache.once(key, fresh).catch(staleOr(cache, key)) : fresh()));
    reply.header('etag', page.etag).header('cache-control', 'public, max-age=300');
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.type(type).send(page.body);
  }

  app.get('/robots.txt', (request, reply) =>
    serve(request, reply, 'text/plain; charset=utf-8', async () => robotsTxt(app.siteOrigin(request))),
  );

  // Browsers ask for /favicon.ico on their own (for a text file such as robots.txt, say): the site's icon is SVG.
  app.get('/favicon.ico', (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301),
  );

  app.get('/sitemap.xml', (request, reply) =>
    serve(request, reply, 'application/xml; charset=utf-8', async () => {
      const [events, posts, siteUpdated, pages] = await Promise.all([
        eventLinks(app.db),
        publishedPostLinks(app.db),
        schoolUpdatedAt(app.db),
        publishedPageLinks(app.db),
      ]);
      return sitemapXml(app.siteOrigin(request), { events, posts, siteUpdated, pages });
    }),
  );

  app.get('/blog/rss.xml', (request, reply) =>
    serve(request, reply, 'application/rss+xml; charset=utf-8', async () => {
      const [school, posts] = await Promise.all([
        getSchoolProfile(app.db),
        listPosts(app.db, { includeDrafts: false, limit: RSS_ITEMS }),
      ]);
      return rssXml(app.siteOrigin(request), school, posts);
    }),
  );

  // The school's calendar, or one branch's (`?branch=`): its events, the whole school's, and the term dates of both.
  app.get<{ Querystring: { branch?: string } }>('/events.ics', async (request, reply) => {
    // The school's whole calendar answers from the cache without a read; a branch's is checked first.
    const asked = request.query.branch;
    const branch = typeof asked === 'string' && asked.trim() ? branchAsked(await getSchoolProfile(app.db), asked) : undefined;
    return serve(
      request,
      reply,
      'text/calendar; charset=utf-8',
      async () => {
        const [school, content] = await Promise.all([
          getSchoolProfile(app.db),
          calendarContent(app.db, { shown: PUBLIC_EVENT, branch }),
        ]);
        const name = branch ? `${school.name} events: ${branch}` : undefined;
        return icsCalendar(app.siteOrigin(request), school, content, name);
      },
      { 'content-disposition': `inline; filename="${branch ? `events-${filterSlug(branch)}` : 'events'}.ics"` },
      branch ? `?branch=${filterSlug(branch)}` : '',
    );
  });

  app.get<{ Params: { key: string } }>('/events/:key.ics', async (request, reply) => {
    const event = await getEvent(app.db, request.params.key, { allAudiences: false });
    if (!event) throw notFound('The event');
    const school = await getSchoolProfile(app.db);
    const name = `${event.slug || `event-${event.id}`}.ics`;
    return serve(
      request,
      reply,
      'text/calendar; charset=utf-8',
      async () => icsCalendar(app.siteOrigin(request), school, [event], event.title),
      {
        'content-disposition': `attachment; filename="${name}"`,
      },
    );
  });
}
