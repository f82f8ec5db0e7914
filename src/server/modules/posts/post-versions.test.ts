import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, posts, postVersions } from '../../db/schema/index.ts';
import { publishDue } from '../scheduling/publisher.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createUser, installTestSchool, sessionCookie } from '../../test/factories.ts';
import { PostVersionSchema, PostVersionSummarySchema, type TextChange } from '../../../shared/schemas/post.ts';
import { POST_VERSIONS_KEPT } from './post-versions.service.ts';

let app: FastifyInstance;
let cookie: string;
let editorName: string;

beforeAll(async () => {
  app = await buildTestApp();
  await installTestSchool(app);
  const editor = await createUser(app, { role: 'manager' });
  editorName = `${editor.firstName} ${editor.lastName}`;
  cookie = await sessionCookie(app, editor);
});
afterAll(() => app.close());

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Autumn walk',
  slug: 'autumn-walk',
  excerpt: 'Leaves and conkers.',
  content: '<p>We walked to the park.</p><p>Everyone found a conker.</p>',
  status: 'published',
  tags: ['Outdoors'],
  ...over,
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie } });

async function newPost(slug: string) {
  const res = await call('POST', '/api/posts', body({ slug }));
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; slug: string };
}

/** The text of a diff's runs: what stayed, what went ([-…]) and what came ([+…]). */
const readable = (changes: TextChange[]) =>
  changes.map((c) => (c.added ? `[+${c.value}]` : c.removed ? `[-${c.value}]` : c.value)).join('');

describe('a published post’s history', () => {
  it('keeps the text each save replaces, with who saved it and when; a draft’s saves keep nothing', async () => {
    const draft = (await call('POST', '/api/posts', body({ slug: 'draft-walk', status: 'draft' }))).json().data;
    await call('PUT', `/api/posts/${draft.id}`, body({ slug: 'draft-walk', status: 'draft', title: 'Draft again' }));
    expect((await call('GET', `/api/posts/${draft.id}/versions`)).json().data).toEqual([]);

    const post = await newPost('history-walk');
    const before = (await call('GET', `/api/posts/${post.id}`)).json().data;
    await call('PUT', `/api/posts/${post.id}`, body({ slug: post.slug, title: 'Autumn walk to the park' }));
    // A save that changes nothing keeps no version.
    await call('PUT', `/api/posts/${post.id}`, body({ slug: post.slug, title: 'Autumn walk to the park' }));
    const list = await call('GET', `/api/posts/${post.id}/versions`);
    expect(list.statusCode).toBe(200);
    const versions = list.json().data;
    expect(versions).toHaveLength(1);
    expect(PostVersionSummarySchema.strict().parse(versions[0])).toEqual(versions[0]);
    expect(versions[0]).toMatchObject({
      title: 'Autumn walk',
      status: 'published',
      savedBy: editorName,
      savedAt: before.updated_at,
    });
  });

  it('names who wrote a post published on schedule, not “someone no longer on the staff”', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const created = await call('POST', '/api/posts', body({ slug: 'scheduled-walk', status: 'draft', publishAt: at }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    // Its time comes: the server publishes it (an audit entry by no one).
    await app.db
      .update(posts)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, id));
    expect((await publishDue(app.db)).posts).toBe(1);
    await call('PUT', `/api/posts/${id}`, body({ slug: 'scheduled-walk', title: 'Autumn walk, with photos' }));
    const [version] = (await call('GET', `/api/posts/${id}/versions`)).json().data;
    expect(version).toMatchObject({ title: 'Autumn walk', status: 'published', savedBy: editorName });
  });

  it('compares a version with the post now: words, tags, cover and status', async () => {
    const post = await newPost('compare-walk');
    await call(
      'PUT',
      `/api/posts/${post.id}`,
      body({
        slug: post.slug,
        title: 'Autumn walk',
        excerpt: 'Leaves, conkers and puddles.',
        content: '<p>We walked to the big park.</p><p>Everyone found a conker.</p>',
        tags: ['Outdoors', 'Seasons'],
      }),
    );
    await call(
      'PUT',
      `/api/posts/${post.id}`,
      body({ slug: post.slug, title: 'Winter walk', status: 'draft', tags: ['Seasons'] }),
    );
    const [newest, oldest] = (await call('GET', `/api/posts/${post.id}/versions`)).json().data;

    const first = await call('GET', `/api/posts/${post.id}/versions/${oldest.id}`);
    expect(first.statusCode).toBe(200);
    const version = PostVersionSchema.strict().parse(first.json().data);
    expect(version).toMatchObject({ title: 'Autumn walk', excerpt: 'Leaves and conkers.', tags: ['Outdoors'] });
    expect(readable(version.diff.title)).toBe('[-Autumn][+Winter] walk');
    expect(version.diff.tags).toEqual({ added: ['Seasons'], removed: ['Outdoors'] });
    expect(version.diff.status).toEqual({ before: 'published', after: 'draft' });
    expect(version.diff.cover).toBeNull();

    // The newer version against the post now: the body went back, so its diff shows "big" going.
    const second = PostVersionSchema.parse((await call('GET', `/api/posts/${post.id}/versions/${newest.id}`)).json().data);
    expect(readable(second.diff.content)).toBe('We walked to the [-big ]park.\n\nEveryone found a conker.');
    expect(readable(second.diff.excerpt)).toBe('Leaves[-, conkers] and [-puddles][+conkers].');

    // Two versions compared with each other: the first save's changes.
    const between = await call('GET', `/api/posts/${post.id}/versions/${oldest.id}?against=${newest.id}`);
    expect(between.statusCode).toBe(200);
    const diff = PostVersionSchema.parse(between.json().data).diff;
    expect(readable(diff.content)).toBe('We walked to the [+big ]park.\n\nEveryone found a conker.');
    expect(diff.title.every((c) => !c.added && !c.removed)).toBe(true);
    expect(diff.tags).toEqual({ added: ['Seasons'], removed: [] });
    expect(diff.status).toBeNull();
    expect((await call('GET', `/api/posts/${post.id}/versions/${oldest.id}?against=999999`)).statusCode).toBe(404);
  });

  it('restores a version, keeping the text it replaces as a version, audited', async () => {
    const post = await newPost('restore-walk');
    await call('PUT', `/api/posts/${post.id}`, body({ slug: post.slug, title: 'Rainy walk', content: '<p>It rained.</p>' }));
    const [version] = (await call('GET', `/api/posts/${post.id}/versions`)).json().data;
    const res = await call('POST', `/api/posts/${post.id}/versions/${version.id}/restore`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Autumn walk',
      content: '<p>We walked to the park.</p><p>Everyone found a conker.</p>',
      status: 'published',
    });
    const versions = (await call('GET', `/api/posts/${post.id}/versions`)).json().data;
    expect(versions.map((v: { title: string }) => v.title)).toEqual(['Rainy walk', 'Autumn walk']);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'post'), eq(auditLog.entityId, String(post.id)), eq(auditLog.action, 'update')))
      .orderBy(auditLog.id)
      .offset(1);
    expect(entry).toMatchObject({
      details: { restoredVersion: version.id },
      changes: expect.arrayContaining(['title', 'content']),
    });
  });

  it('keeps only the last 50 versions of a post', async () => {
    const post = await newPost('busy-walk');
    for (let i = 1; i <= POST_VERSIONS_KEPT + 3; i++)
      expect((await call('PUT', `/api/posts/${post.id}`, body({ slug: post.slug, title: `Walk ${i}` }))).statusCode).toBe(200);
    const versions = (await call('GET', `/api/posts/${post.id}/versions`)).json().data;
    expect(versions).toHaveLength(POST_VERSIONS_KEPT);
    expect(versions[0].title).toBe(`Walk ${POST_VERSIONS_KEPT + 2}`);
    expect(versions.at(-1).title).toBe('Walk 3');
    expect(await app.db.select().from(postVersions).where(eq(postVersions.postId, post.id))).toHaveLength(POST_VERSIONS_KEPT);
  }, 60_000);

  it('answers 404 for an unknown post or version, and for a version of another post', async () => {
    const a = await newPost('walk-a');
    const b = await newPost('walk-b');
    await call('PUT', `/api/posts/${a.id}`, body({ slug: a.slug, title: 'Walk A, changed' }));
    const [versionOfA] = (await call('GET', `/api/posts/${a.id}/versions`)).json().data;
    for (const url of [
      `/api/posts/999999/versions`,
      `/api/posts/${a.id}/versions/999999`,
      `/api/posts/${a.id}/versions/nope`,
      `/api/posts/${b.id}/versions/${versionOfA.id}`,
    ])
      expect((await call('GET', url)).statusCode, url).toBe(404);
    const restore = await call('POST', `/api/posts/${b.id}/versions/${versionOfA.id}/restore`);
    expect(restore.statusCode).toBe(404);
    expect(restore.json().error).toBe('The version was not found.');
    expect((await call('GET', `/api/posts/${b.id}`)).json().data.title).toBe('Autumn walk');
  });
});
