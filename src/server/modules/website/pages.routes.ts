import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatShortDate } from '../../../shared/dates.ts';
import { SitePageContentSchema, SitePageListQuerySchema, type SitePage } from '../../../shared/schemas/site-page.ts';
import { notFound } from '../../errors.ts';
import { audit, changedFields, whoOf, type AuditRecord } from '../audit/audit.service.ts';
import { sanitizePostHtml } from '../posts/sanitize.ts';
import { sendPreview } from './preview.ts';
import { idParam } from '../media/params.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import {
  createPage,
  deletePage,
  getPage,
  listPages,
  pageVersion,
  pageVersions,
  publishedPage,
  publishedPageLinks,
  publishPage,
  restorePageVersion,
  saveDraft,
  titleOf,
  unpublishPage,
} from './pages.service.ts';
import { createPrivacyNotice } from './privacy-notice.ts';

type IdParams = { Params: { id: string } };
type VersionParams = { Params: { id: string; versionId: string } };

const pageId = (request: FastifyRequest<IdParams>) => idParam(request.params.id, 'The page');
const hasBody = (body: unknown) => !!body && typeof body === 'object' && Object.keys(body).length > 0;

/**
 * The school's own pages (issue 30): staff with `website` read see drafts and history, with write
 * edit and publish them, with delete delete them. Parents read published pages through /api/site/pages.
 */
export default async function pagesRoutes(app: FastifyInstance) {
  const canRead = app.requirePermission('website', 'read');
  const canWrite = app.requirePermission('website', 'write');
  const canDelete = app.requirePermission('website', 'delete');

  /** One audit line a head teacher reads as a sentence ("Published the page “Privacy Policy”"), with the page's address. */
  const trail = (
    request: FastifyRequest,
    page: SitePage,
    record: Omit<AuditRecord, 'entity' | 'entityId' | 'title' | 'details'> & { title: string; details?: AuditRecord['details'] },
  ) =>
    audit(app.db, whoOf(request), {
      ...record,
      entity: 'page',
      entityId: page.id,
      details: { page: `/${page.slug}`, ...record.details },
    });
  const named = (page: SitePage) => `the page “${titleOf(page)}”`;

  app.get('/api/website/pages', { preHandler: canRead }, async (request) =>
    listPages(app.db, SitePageListQuerySchema.parse(request.query)),
  );

  app.get<IdParams>('/api/website/pages/:id', { preHandler: canRead }, async (request) => {
    const page = await getPage(app.db, pageId(request));
    if (!page) throw notFound('The page');
    return { data: page };
  });

  app.post('/api/website/pages', { preHandler: canWrite }, async (request, reply) => {
    const page = await createPage(app.db, SitePageContentSchema.parse(request.body ?? {}), request.user!.id);
    await trail(request, page, { action: 'create', title: `Started ${named(page)} as a draft` });
    return reply.code(201).send({ data: page });
  });

  // "Start from the privacy notice": a draft written from what this site collects and its settings.
  app.post('/api/website/pages/privacy-notice', { preHandler: canWrite }, async (request, reply) => {
    const server = { database: app.database.kind, storage: app.storage.kind };
    const page = await createPrivacyNotice(app.db, server, request.user!.id);
    await trail(request, page, {
      action: 'create',
      title: `Started ${named(page)} from the privacy notice, as a draft to review`,
    });
    return reply.code(201).send({ data: page });
  });

  // Drafts change nothing parents see (page-cache.ts changesPages keeps the pages' cache).
  app.put<IdParams>('/api/website/pages/:id/draft', { preHandler: canWrite }, async (request) => {
    const id = pageId(request);
    const content = SitePageContentSchema.parse(request.body ?? {});
    const before = await getPage(app.db, id);
    const page = await saveDraft(app.db, id, content, request.user!.id);
    const changes = before ? changedFields(before.draft ?? before.published ?? {}, page.draft!) : [];
    await trail(request, page, { action: 'update', title: `Saved a draft of ${named(page)}`, changes });
    return { data: page };
  });

  // Publishes the draft, or the content sent with the request (what the editor shows).
  app.post<IdParams>('/api/website/pages/:id/publish', { preHandler: canWrite }, async (request) => {
    const content = hasBody(request.body) ? SitePageContentSchema.parse(request.body) : undefined;
    const { page, before } = await publishPage(app.db, pageId(request), content, request.user!.id);
    await trail(request, page, {
      action: 'publish',
      title: before ? `Published changes to ${named(page)}` : `Published ${named(page)}: parents can read it now`,
      changes: before ? changedFields(before, page.published!) : [],
    });
    return { data: page };
  });

  app.post<IdParams>('/api/website/pages/:id/unpublish', { preHandler: canWrite }, async (request) => {
    const page = await unpublishPage(app.db, pageId(request));
    await trail(request, page, { action: 'unpublish', title: `Took ${named(page)} off the site; it is kept as a draft` });
    return { data: page };
  });

  app.delete<IdParams>('/api/website/pages/:id', { preHandler: canDelete }, async (request) => {
    const page = await deletePage(app.db, pageId(request));
    const was = page.published ? 'published page' : 'draft page';
    await trail(request, page, { action: 'delete', title: `Deleted the ${was} “${titleOf(page)}” and its history` });
    return { success: true };
  });

  app.get<IdParams>('/api/website/pages/:id/versions', { preHandler: canRead }, async (request) => ({
    data: await pageVersions(app.db, pageId(request)),
  }));

  app.get<VersionParams>('/api/website/pages/:id/versions/:versionId', { preHandler: canRead }, async (request) => ({
    data: await pageVersion(app.db, pageId(request), idParam(request.params.versionId, 'The version')),
  }));

  // Restore = publish an earlier version again (DESIGN §11); the version it replaces is kept.
  app.post<VersionParams>('/api/website/pages/:id/versions/:versionId/restore', { preHandler: canWrite }, async (request) => {
    const versionId = idParam(request.params.versionId, 'The version');
    const { page, before, version } = await restorePageVersion(app.db, pageId(request), versionId, request.user!.id);
    const { timezone } = await getSchoolProfile(app.db);
    const when = version.publishedAt ? `the version of ${formatShortDate(version.publishedAt, timezone)}` : 'an earlier version';
    await trail(request, page, {
      action: 'publish',
      title: `Restored ${named(page)} to ${when}`,
      changes: before ? changedFields(before, page.published!) : [],
      details: version.publishedBy ? { 'first published by': `@${version.publishedBy}` } : {},
    });
    return { data: page };
  });

  // The page as parents would see it with its draft published (the back office frames it at 375 and 1280 px).
  app.get<IdParams>('/api/website/pages/:id/preview', { preHandler: canRead }, async (request, reply) => {
    const page = await getPage(app.db, pageId(request));
    if (!page) throw notFound('The page');
    const shown = (page.draft ?? page.published)!;
    const updated = page.draftAt ?? page.publishedAt ?? page.updatedAt;
    return sendPreview(app, request, reply, `/${shown.slug}`, {
      page: { ...shown, body: sanitizePostHtml(shown.body), updated_at: updated, replacesSlug: page.published?.slug },
    });
  });

  // What parents read: published pages only.
  app.get('/api/site/pages', async () => ({ data: await publishedPageLinks(app.db) }));
  app.get<{ Params: { slug: string } }>('/api/site/pages/:slug', async (request) => {
    const page = await publishedPage(app.db, request.params.slug);
    if (!page) throw notFound('The page');
    return { data: page };
  });
}
