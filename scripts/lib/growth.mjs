// A school's ten years of content, added through the API like staff would (bench-pages --growth,
// bench-lists): 5,000 posts and 2,000 events over the installed sample content.
import { BENCH_SETUP_CODE } from './harness.mjs';

export const GROWTH_POSTS = 5000;
export const GROWTH_EVENTS = 2000;
export const ADMIN = { username: 'admin', email: 'admin@bench.test', password: 'bench-password-1' };

export async function json(base, method, path, body, cookie) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { data: text ? JSON.parse(text) : null, headers: res.headers };
}

/** Runs `count` jobs, `width` at a time. */
export async function pool(count, width, job) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

/** Installs the school with its sample content, as the bench's administrator. */
export async function installSchool(base) {
  await json(base, 'POST', '/api/install', {
    database: { type: 'builtin' },
    app: { name: 'Bench Preschool', company_name: 'Bench', customer_email: 'office@bench.test', timezone: 'Asia/Kolkata' },
    admin: { ...ADMIN, firstName: 'Bench', lastName: 'Administrator' },
    sampleContent: true,
    setupCode: BENCH_SETUP_CODE,
  });
}

/** The administrator's session cookie. */
export async function signIn(base) {
  const login = await json(base, 'POST', '/api/auth/login', { username: ADMIN.username, password: ADMIN.password });
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Adds the posts and events (every `draftEvery`th post a draft, if given); answers the seconds it took. */
export async function seedGrowth(base, { draftEvery = 0 } = {}) {
  const cookie = await signIn(base);
  const categories = (await json(base, 'GET', '/api/categories', null, cookie)).data.data.map((c) => c.name);
  const paragraph =
    '<p>Children explored colours, shapes and sounds today, then shared their discoveries in circle time. ' +
    'We read a story about a brave little seed, planted beans in paper cups and sang our favourite songs.</p>';
  const day = 24 * 3600_000;
  const started = performance.now();
  await pool(GROWTH_POSTS, 8, (i) =>
    json(
      base,
      'POST',
      '/api/posts',
      {
        title: `Classroom diary ${i + 1}`,
        slug: `classroom-diary-${i + 1}`,
        excerpt: i % 3 ? `What we did in class, day ${i + 1}.` : '',
        content: `<h2>Day ${i + 1}</h2>${paragraph.repeat(4)}<ul><li>Art</li><li>Music</li><li>Outdoor play</li></ul>`,
        tags: ['diary', i % 2 ? 'art' : 'music'],
        status: draftEvery && i % draftEvery === draftEvery - 1 ? 'draft' : 'published',
      },
      cookie,
    ),
  );
  await pool(GROWTH_EVENTS, 8, (i) => {
    // Spread over three years around today, so the list mixes upcoming and past events.
    const start = new Date(Date.now() + ((i % 1095) - 700) * day);
    return json(
      base,
      'POST',
      '/api/events',
      {
        title: `Community event ${i + 1}`,
        description: 'Families are welcome to join us for games, music and snacks.',
        category: categories[i % categories.length],
        location: i % 2 ? 'Main Branch' : 'City Branch',
        start_date: start.toISOString(),
        end_date: new Date(start.getTime() + 3 * 3600_000).toISOString(),
        cover_image: '',
        status: start.getTime() < Date.now() ? 'completed' : 'upcoming',
      },
      cookie,
    );
  });
  return Math.round((performance.now() - started) / 1000);
}
