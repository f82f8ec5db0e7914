import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eventLinks, getEvent } from '../events/events.service.ts';
import { listPosts, publishedPostLinks } from '../posts/posts.service.ts';
import { getSchoolProfile, schoolUpdatedAt } from '../site/site.service.ts';
import { publishedPageLinks } from '../website/pages.service.ts';
import { calendarEvents, icsCalendar, robotsTxt, rssXml, sitemapXml } from './feeds.service.ts';
import { notFound } from '../../errors.ts';
import { isConnectionError } from '../../db/client.ts';
import { pageBytes, pathOf, type CachedPage, type PageCache } from '../../plugins/page-cache.ts';

/** While the database is away, the copy kept last however old; any other failure goes on. */
const staleOr = (cache: PageCache, key: string) => (error: unknown) => {
  const stale = isConnectionError(error) ? cache.stale(key) : undefined;
  if (!stale) throw error;
  return stale;
};

/** RSS: the newest posts. */
const RSS_ITEMS = 20;

/**
 * Feeds for search engines and calendars. Answers go through the page cache when the site is
 * served (dropped on the same writes as the pages; keyed by path, as no feed reads a query
 * parameter), with an ETag either way.
 */
export default async function feedsRoutes(app: FastifyInstance) {
  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    type: string,
    build: () => Promise<string>,
    headers: Record<string, string> = {},
  ) {
    const cache = app.hasDecorator('pageCache') ? app.pageCache : undefined;
    // Until the site address is set, links follow the request's host: each host has its own copy.
    const key = `feed:${app.siteAddress.configured() ? '' : app.siteOrigin(request)}${pathOf(request.url)}`;
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

  app.get('/events.ics', (request, reply) =>
    serve(
      request,
      reply,
      'text/calendar; charset=utf-8',
      async () => {
        const [school, events] = await Promise.all([getSchoolProfile(app.db), calendarEvents(app.db)]);
        return icsCalendar(app.siteOrigin(request), school, events);
      },
      { 'content-disposition': 'inline; filename="events.ics"' },
    ),
  );

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
