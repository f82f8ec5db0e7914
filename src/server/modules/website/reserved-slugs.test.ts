import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RouteObject } from 'react-router';
import { routes } from '../../../client/app/routes.tsx';
import { reservedSlugMessage } from '../../../shared/schemas/site-page.ts';
import { ROOT_DIR } from '../../root.ts';
import { buildTestApp } from '../../test/build-test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** The first part of an address as a page's slug would be (`sitemap.xml` -> `sitemap`), or null for none. */
const firstPart = (path: string) => {
  const part = path.replace(/^\/+/, '').split('/')[0]!.split('.')[0]!.toLowerCase();
  return /^[a-z0-9-]+$/.test(part) ? part : null;
};

const publicPaths = (list: RouteObject[]): string[] =>
  list.flatMap((route) => [...(route.path && route.path !== '/' ? [route.path] : []), ...publicPaths(route.children ?? [])]);

describe('the addresses a page of the school’s own may not take', () => {
  it('include the first part of every public page, every server route and every file the site serves', () => {
    const served = [
      ...publicPaths(routes),
      ...app
        .printRoutes({ commonPrefix: false })
        .split('\n')
        // The tree's top-level entries only (the nested ones go on from their parent's path).
        .map((line) => /^[├└]── (\/\S*)/.exec(line)?.[1] ?? ''),
      ...readdirSync(join(ROOT_DIR, 'public')),
      'assets',
    ];
    const parts = new Set(served.map(firstPart).filter((p): p is string => p !== null));
    expect(parts.size).toBeGreaterThan(15);
    for (const part of parts) expect(reservedSlugMessage(part), part).not.toBeNull();
  });

  it('name the page that answers there', () => {
    expect(reservedSlugMessage('about')).toBe('/about is already the address of the About page. Choose another address.');
    expect(reservedSlugMessage('privacy-policy')).toBeNull();
  });
});
