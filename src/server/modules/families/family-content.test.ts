import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createCategory, createEvent, createPost } from '../../test/content-factories.ts';
import { familyEvents, familyPost, familyPosts, type FamilyGroup } from './family-content.ts';

// Issue 32: the posts and events the family area shows a family, by its children's groups. A parent
// of group A never gets group B's items, whatever the other group shares with A.

let app: FastifyInstance;
const DAY = 24 * 3600_000;
const A: FamilyGroup = { branch: 'City', programme: 'preschool' };
const B: FamilyGroup = { branch: 'Lakeside', programme: 'toddlers' };
const both = [A, B];

/** Each item's audience, named by who may see it. */
const audiences = {
  everyone: { audience: 'everyone' },
  families: { audience: 'families' },
  'branch A': { audience: 'branch', audienceBranch: 'City' },
  'branch B': { audience: 'branch', audienceBranch: 'Lakeside' },
  'programme A': { audience: 'programme', audienceBranch: 'City', audienceProgramme: 'preschool' },
  'programme B': { audience: 'programme', audienceBranch: 'Lakeside', audienceProgramme: 'toddlers' },
  // A's programme at B's branch, B's programme at A's branch: neither group's.
  'A programme at B branch': { audience: 'programme', audienceBranch: 'Lakeside', audienceProgramme: 'preschool' },
  'B programme at A branch': { audience: 'programme', audienceBranch: 'City', audienceProgramme: 'toddlers' },
  'programme A, no branch': { audience: 'programme', audienceBranch: null, audienceProgramme: 'preschool' },
} as const;
type Name = keyof typeof audiences;
const slug = (name: string) => name.toLowerCase().replace(/[^a-z]+/g, '-');

beforeAll(async () => {
  app = await buildTestApp();
  const category = await createCategory(app, 'Meetings');
  let i = 0;
  for (const [name, audience] of Object.entries(audiences)) {
    i += 1;
    // Published one after the other: newest first is the reverse of this order.
    await createPost(app, {
      title: name,
      slug: slug(name),
      publishedAt: new Date(Date.now() - 100 * DAY + i * DAY),
      ...audience,
    });
    await createEvent(app, {
      categoryId: category.id,
      title: name,
      slug: slug(name),
      startDate: new Date(Date.now() + i * DAY),
      ...audience,
    });
    await createEvent(app, {
      categoryId: category.id,
      title: `${name} (past)`,
      slug: `${slug(name)}-past`,
      startDate: new Date(Date.now() - 10 * DAY),
      ...audience,
    });
  }
  await createPost(app, {
    title: 'families draft',
    slug: 'families-draft',
    status: 'draft',
    publishedAt: null,
    audience: 'families',
  });
});
afterAll(() => app.close());

const titles = (items: { title: string }[]) => items.map((item) => item.title);

describe('familyPosts', () => {
  it('gives each group the families’ posts and its own, newest first, never the other group’s', async () => {
    const a = await familyPosts(app.db, [A], { limit: 20, offset: 0 });
    expect(titles(a.items)).toEqual(['programme A', 'branch A', 'families']);
    expect(a.total).toBe(3);
    const b = await familyPosts(app.db, [B], { limit: 20, offset: 0 });
    expect(titles(b.items)).toEqual(['programme B', 'branch B', 'families']);
    expect(a.items[0]).toEqual({
      id: expect.any(Number),
      title: 'programme A',
      slug: 'programme-a',
      excerpt: '',
      publishedAt: expect.any(String),
      coverImage: null,
    });
  });

  it('gives a family with children in both groups both, in pages, with the total', async () => {
    const first = await familyPosts(app.db, both, { limit: 3, offset: 0 });
    const second = await familyPosts(app.db, both, { limit: 3, offset: 3 });
    expect(first.total).toBe(5);
    expect([...titles(first.items), ...titles(second.items)]).toEqual([
      'programme B',
      'programme A',
      'branch B',
      'branch A',
      'families',
    ]);
  });

  it('matches a programme without a branch only for a child without one (a school listing no branches)', async () => {
    const noBranch = await familyPosts(app.db, [{ branch: null, programme: 'preschool' }], { limit: 20, offset: 0 });
    expect(titles(noBranch.items)).toEqual(['programme A, no branch', 'families']);
  });

  it('gives nothing but the families’ posts to a family without a group', async () => {
    expect(titles((await familyPosts(app.db, [], { limit: 20, offset: 0 })).items)).toEqual(['families']);
  });
});

describe('familyPost', () => {
  it('reads a post of the family’s groups with its sanitised body, and null for another group’s, a public one or a draft', async () => {
    const post = await familyPost(app.db, [A], 'branch-a');
    expect(post).toMatchObject({ title: 'branch A', content: '<p>Hi</p>' });
    expect(await familyPost(app.db, [A], 'BRANCH-A')).toMatchObject({ title: 'branch A' });
    for (const name of ['branch B', 'programme B', 'A programme at B branch', 'B programme at A branch', 'everyone'] as Name[])
      expect(await familyPost(app.db, [A], slug(name)), name).toBeNull();
    expect(await familyPost(app.db, [A], 'families-draft')).toBeNull();
    expect(await familyPost(app.db, [B], 'programme-b')).toMatchObject({ title: 'programme B' });
    expect(await familyPost(app.db, [B], 'programme-a')).toBeNull();
  });

  it('sanitises the body it reads', async () => {
    await createPost(app, {
      title: 'Hostile',
      slug: 'hostile',
      audience: 'families',
      content: '<p>ok</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
    });
    const post = await familyPost(app.db, [A], 'hostile');
    expect(post?.content).toContain('<p>ok</p>');
    expect(post?.content).not.toMatch(/script|onerror/);
  });
});

describe('familyEvents', () => {
  it('gives the public events and the group’s own that are not over, soonest first, never the other group’s', async () => {
    const a = await familyEvents(app.db, [A], { from: new Date(), limit: 50 });
    expect(titles(a)).toEqual(['everyone', 'families', 'branch A', 'programme A']);
    expect(a[2]).toEqual({
      id: expect.any(Number),
      title: 'branch A',
      slug: 'branch-a',
      startDate: expect.any(String),
      endDate: null,
      location: 'Main Branch',
      description: 'Races and games for everyone.',
      audience: 'branch',
    });
    const b = await familyEvents(app.db, [B], { from: new Date(), limit: 50 });
    expect(titles(b)).toEqual(['everyone', 'families', 'branch B', 'programme B']);
  });

  it('gives both groups’ to a family with children in both, up to the limit, from the date asked', async () => {
    expect(titles(await familyEvents(app.db, both, { from: new Date(), limit: 50 }))).toEqual([
      'everyone',
      'families',
      'branch A',
      'branch B',
      'programme A',
      'programme B',
    ]);
    expect(titles(await familyEvents(app.db, both, { from: new Date(), limit: 2 }))).toEqual(['everyone', 'families']);
    const withPast = await familyEvents(app.db, [A], { from: new Date(Date.now() - 20 * DAY), limit: 4 });
    expect(titles(withPast)).toEqual(['everyone (past)', 'families (past)', 'branch A (past)', 'programme A (past)']);
  });
});
