import type { FastifyInstance } from 'fastify';
import { audit, changedFields, whoOf } from '../audit/audit.service.ts';
import { idParam } from '../media/params.ts';
import { getPostById } from './posts.service.ts';
import { getPostVersion, listPostVersions, restorePostVersion } from './post-versions.service.ts';

type VersionParams = { Params: { id: string; versionId: string } };

/** Issue 34: a post's kept versions, each compared with the post now, and restoring one. */
export async function postVersionsRoutes(app: FastifyInstance) {
  const canRead = app.requirePermission('blog', 'read');
  const ids = (params: VersionParams['Params']) => ({
    postId: idParam(params.id, 'The post'),
    versionId: idParam(params.versionId, 'The version'),
  });

  app.get<{ Params: { id: string } }>('/api/posts/:id/versions', { preHandler: canRead }, async (request) => ({
    success: true,
    data: await listPostVersions(app.db, idParam(request.params.id, 'The post')),
  }));

  /** `?against=<versionId>`: compared with that version instead of the post now. */
  app.get<VersionParams & { Querystring: { against?: string } }>(
    '/api/posts/:id/versions/:versionId',
    { preHandler: canRead },
    async (request) => {
      const { postId, versionId } = ids(request.params);
      const { against } = request.query;
      const againstId = against === undefined || against === '' ? undefined : idParam(against, 'The version');
      return { success: true, data: await getPostVersion(app.db, postId, versionId, againstId) };
    },
  );

  app.post<VersionParams>(
    '/api/posts/:id/versions/:versionId/restore',
    { preHandler: app.requirePermission('blog', 'write') },
    async (request) => {
      const { postId, versionId } = ids(request.params);
      const before = await getPostById(app.db, postId, { includeDrafts: true });
      const { version } = await restorePostVersion(app.db, postId, versionId);
      const post = (await getPostById(app.db, postId, { includeDrafts: true }))!;
      await audit(app.db, whoOf(request), {
        action: 'update',
        entity: 'post',
        entityId: postId,
        title: post.title,
        changes: before ? changedFields(before, post) : [],
        details: { restoredVersion: version.id, versionSavedAt: version.savedAt },
      });
      return { success: true, data: post };
    },
  );
}
