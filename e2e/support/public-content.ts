/**
 * Public-site test content, created through the real API as staff would: categories, an image
 * gallery, events (upcoming, ongoing, past) and posts, including one with hostile HTML.
 */
export interface PublicContent {
  cookie: string;
  events: { id: number; slug: string | null; title: string }[];
  posts: { id: number; slug: string; title: string }[];
  galleryId: number;
}

async function api<T>(base: string, cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(base + path, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

export async function login(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const day = 24 * 60 * 60 * 1000;
const at = (days: number, hour = 10) => {
  const d = new Date(Date.now() + days * day);
  d.setUTCHours(hour - 5, 30, 0, 0);
  return d.toISOString();
};

export const HOSTILE_POST_SLUG = 'hostile-html-check';

export async function createPublicContent(base: string, admin: { username: string; password: string }): Promise<PublicContent> {
  const cookie = await login(base, admin.username, admin.password);
  const call = <T>(method: string, path: string, body?: unknown) => api<T>(base, cookie, method, path, body);
  const existing = await call<{ data: { name: string }[] }>('GET', '/api/categories');
  for (const name of ['Workshop', 'Celebration', 'Conference']) {
    if (!existing.data.some((c) => c.name.toLowerCase() === name.toLowerCase())) await call('POST', '/api/categories', { name });
  }
  const image = (n: number) => `${base}/illustrations/event-placeholder.svg?photo=${n}`;
  const gallery = await call<{ data: { id: number } }>('POST', '/api/admin/galleries', {
    title: 'Sports Day Photos',
    description: 'Races, cheers and medals.',
    type: 'images',
    images: [1, 2, 3, 4, 5].map(image),
    published: true,
  });
  const galleryId = gallery.data.id;
  const eventInputs = [
    {
      title: 'Annual Sports Day',
      category: 'Celebration',
      start_date: at(5, 9),
      end_date: at(5, 13),
      gallery_id: galleryId,
      status: 'upcoming',
    },
    {
      title: 'Parent Workshop: Reading at Home',
      category: 'Workshop',
      start_date: at(12, 10),
      end_date: null,
      status: 'upcoming',
    },
    {
      title: 'Science Fair for Little Explorers',
      category: 'Conference',
      start_date: at(20, 9),
      end_date: at(21, 12),
      status: 'upcoming',
    },
    { title: 'Diwali Celebration', category: 'Celebration', start_date: at(-10, 10), end_date: at(-10, 13), status: 'completed' },
  ];
  const events = [];
  for (const input of eventInputs) {
    const { data } = await call<{ data: { id: number; slug: string | null; title: string } }>('POST', '/api/events', {
      description: `${input.title}: a joyful morning for children and families, with games, music and snacks. Parents are welcome to join us.`,
      location: 'Main Branch, 12 Garden Lane',
      cover_image: '',
      ...input,
    });
    events.push(data);
  }
  const postInputs = [
    {
      title: 'Five Ways to Build a Love of Reading',
      slug: 'five-ways-reading',
      excerpt: 'Simple habits that turn story time into the best part of the day.',
      content:
        '<h2>Start small</h2><p>Read together for <strong>ten minutes</strong> a day.</p><ul><li>Let your child choose</li><li>Use funny voices</li></ul>',
      tags: ['reading', 'parenting'],
    },
    {
      title: 'What Happens in a Montessori Morning',
      slug: 'montessori-morning',
      excerpt: '',
      content: '<p>Practical life, sensorial work and lots of independence.</p>',
      tags: [],
    },
    {
      title: 'Hostile HTML check',
      slug: HOSTILE_POST_SLUG,
      excerpt: 'Security test post.',
      content:
        '<p>Safe text</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"><a href="javascript:window.__pwned=3">click me</a>',
      tags: ['test'],
    },
  ];
  const posts = [];
  for (const input of postInputs) {
    const { data } = await call<{ data: { id: number; slug: string; title: string } }>('POST', '/api/posts', {
      ...input,
      status: 'published',
    });
    posts.push(data);
  }
  await call('POST', '/api/posts', {
    title: 'Draft Post Hidden',
    slug: 'draft-hidden',
    content: '<p>draft</p>',
    status: 'draft',
  });
  return { cookie, events, posts, galleryId };
}

type Navigable = {
  goto(url: string): Promise<{ status(): number } | null>;
  reload(): Promise<unknown>;
  waitForSelector(selector: string, options: { state: 'attached' }): Promise<unknown>;
};

/** The site's script starts after the load event (public/boot.js, inlined): wait until the page is hydrated. */
export const waitReady = (page: Navigable) => page.waitForSelector('html[data-ready]', { state: 'attached' });

export async function gotoReady(page: Navigable, path: string) {
  const response = await page.goto(path);
  await waitReady(page);
  return response;
}
