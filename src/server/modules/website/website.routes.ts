import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatShortDate } from '../../../shared/dates.ts';
import { SECTION_SCHEMAS, type SiteContent } from '../../../shared/schemas/site-content.ts';
import { SECTION_PATHS, SECTION_TITLES, type SectionKey } from '../../../shared/schemas/site-content-defaults.ts';
import { audit, changedFields, whoOf, type AuditRecord } from '../audit/audit.service.ts';
import { idParam } from '../media/params.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { sendPreview } from './preview.ts';
import {
  discardDraft,
  getSection,
  listSections,
  pageName,
  publishDraft,
  resetToDefault,
  restoreVersion,
  saveDraft,
  sectionKeyOf,
} from './sections.service.ts';
import { getVersion, listVersions, sectionSubject } from './versions.ts';

type KeyParams = { Params: { key: string } };
type VersionParams = { Params: { key: string; id: string } };

const keyOf = (request: FastifyRequest<KeyParams>) => sectionKeyOf(request.params.key);
const versionIdOf = (request: FastifyRequest<VersionParams>) => idParam(request.params.id, 'The version');

/** `{ content }` with the section's own schema: a 400 names each wrong field (content.hero.headline). */
const draftBody = <K extends SectionKey>(key: K, body: unknown): SiteContent[K] => {
  const schema: z.ZodType = SECTION_SCHEMAS[key];
  return (z.object({ content: schema }).parse(body ?? {}) as { content: SiteContent[K] }).content;
};

/** "The Home page's words" */
const wordsOf = (key: SectionKey) => `the ${SECTION_TITLES[key]} page's words`;

/**
 * The words of the public pages (issue 30), under /api/website/sections: staff with `website`
 * read see drafts and history, with write save, publish, reset and restore. Parents read the
 * published words through the pages themselves (site.service.ts getSiteContent).
 */
export default async function websiteRoutes(app: FastifyInstance) {
  const canRead = app.requirePermission('website', 'read');
  const canWrite = app.requirePermission('website', 'write');

  /** One audit line a head teacher reads as a sentence ("Published the Home page's words"). */
  const trail = (
    request: FastifyRequest,
    key: SectionKey,
    record: Omit<AuditRecord, 'entity' | 'entityId' | 'title'> & { title: string },
  ) => audit(app.db, whoOf(request), { entity: 'section', entityId: key, ...record });

  app.get('/api/website/sections', { preHandler: canRead }, async () => ({ data: await listSections(app.db) }));

  app.get<KeyParams>('/api/website/sections/:key', { preHandler: canRead }, async (request) => ({
    data: await getSection(app.db, keyOf(request)),
  }));

  // Drafts change nothing parents see: the public pages' cache stays (page-cache.ts changesPages).
  app.put<KeyParams>('/api/website/sections/:key/draft', { preHandler: canWrite }, async (request) => {
    const key = keyOf(request);
    return { data: await saveDraft(app.db, key, draftBody(key, request.body), request.user!.id) };
  });

  app.delete<KeyParams>('/api/website/sections/:key/draft', { preHandler: canWrite }, async (request) => ({
    data: await discardDraft(app.db, keyOf(request)),
  }));

  app.post<KeyParams>('/api/website/sections/:key/publish', { preHandler: canWrite }, async (request) => {
    const key = keyOf(request);
    const before = (await getSection(app.db, key)).published;
    const section = await publishDraft(app.db, key, request.user!.id);
    await trail(request, key, {
      action: 'publish',
      title: `Published ${wordsOf(key)}`,
      changes: changedFields(before, section.published),
      details: { page: SECTION_PATHS[key] },
    });
    return { data: section };
  });

  // The default text becomes the draft: staff preview it and publish it (nothing changes for parents yet).
  app.post<KeyParams>('/api/website/sections/:key/reset', { preHandler: canWrite }, async (request) => {
    const key = keyOf(request);
    const section = await resetToDefault(app.db, key, request.user!.id);
    await trail(request, key, {
      action: 'update',
      title: `Put the default text back as the draft of ${pageName(key)}`,
      details: { page: SECTION_PATHS[key], state: 'draft, not yet published' },
    });
    return { data: section };
  });

  app.get<KeyParams>('/api/website/sections/:key/versions', { preHandler: canRead }, async (request) => ({
    data: await listVersions(app.db, sectionSubject(keyOf(request))),
  }));

  app.get<VersionParams>('/api/website/sections/:key/versions/:id', { preHandler: canRead }, async (request) => ({
    data: await getVersion(app.db, sectionSubject(sectionKeyOf(request.params.key)), versionIdOf(request)),
  }));

  // Restore = publish an earlier version again; the words it replaces join the history.
  app.post<VersionParams>('/api/website/sections/:key/versions/:id/restore', { preHandler: canWrite }, async (request) => {
    const key = sectionKeyOf(request.params.key);
    const before = (await getSection(app.db, key)).published;
    const { version, ...section } = await restoreVersion(app.db, key, versionIdOf(request), request.user!.id);
    const { timezone } = await getSchoolProfile(app.db);
    const when = version.publishedAt ? `the version of ${formatShortDate(version.publishedAt, timezone)}` : 'an earlier version';
    await trail(request, key, {
      action: 'publish',
      title: `Restored ${pageName(key)} to ${when}`,
      changes: changedFields(before, section.published),
      details: { page: SECTION_PATHS[key], ...(version.publishedBy ? { 'first published by': `@${version.publishedBy}` } : {}) },
    });
    return { data: section };
  });

  // The section's page as parents would see it with the draft published (the back office frames it).
  app.get<{ Querystring: { section?: string } }>('/api/website/preview', { preHandler: canRead }, async (request, reply) => {
    const key = sectionKeyOf(request.query.section);
    const { draft, published } = await getSection(app.db, key);
    return sendPreview(app, request, reply, SECTION_PATHS[key], { content: { [key]: draft ?? published } });
  });
}
