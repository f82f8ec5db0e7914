// The family area at a school's size (issue 32, scripts/bench-family.mjs): 300 families (1-2
// children and 1-2 parent contacts each), the children over the school's 20 groups (branch x
// programme), each child's photo consents as a history (given by staff on paper; a few withdrawn
// afterwards, so the photos they are tagged in are hidden), 100 galleries of 50 photos (5,000 in
// all: /uploads/<32 hex>.webp, no file written) for the groups, their branches, all families, the
// public site and staff, with children tagged in some photos, and one parent's family session.
// Written as SQL, in one transaction, straight into the built-in database's files while no server
// has them open (a few seconds; the staff API would take minutes at this size), then VACUUM
// (ANALYZE) as the server's own maintenance would after such writes.
import { createHash, randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';

export const FAMILIES = 300;
export const PHOTOS_PER_GALLERY = 50;
const DAY = 86_400_000;

const FIRST = ['Aarav', 'Ira', 'Kabir', 'Zoya', 'Meera', 'Vihaan', 'Anaya', 'Reyansh', 'Saanvi', 'Arjun', 'Myra', 'Dev'];
const LAST = ['Sharma', 'Menon', 'Rao', 'Khan', 'Iyer', 'Das', 'Patel', 'Singh', 'Nair', 'Bose', 'Gill', 'Joshi'];

/** A small deterministic generator (mulberry32): the same school on every run. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const q = (v) => (v === null ? 'null' : `'${String(v).replaceAll("'", "''")}'`);
const at = (ms) => q(new Date(ms).toISOString());
const insert = (table, columns, rows, extra = '') =>
  rows.length
    ? `insert into ${table} (${columns.join(', ')}) ${extra} values\n${rows.map((r) => `(${r.join(', ')})`).join(',\n')};\n`
    : '';

/** The families, their parent contacts and children (ids from `ids`, which it moves on). */
function makeFamilies(rand, ids, groups, now) {
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const families = [];
  const kids = [];
  for (let f = 0; f < FAMILIES; f++) {
    const last = `${LAST[f % LAST.length]}-${f + 1}`;
    const family = { id: ids.family++, name: `${last} family`, kids: [], contacts: [] };
    families.push(family);
    for (let c = 0, n = f === 0 || rand() < 0.6 ? 2 : 1; c < n; c++) {
      const name = `${pick(FIRST)} ${last}`;
      const email = `parent-${f + 1}-${c + 1}@families.test`;
      family.contacts.push({ id: ids.contact++, familyId: family.id, name, email, primary: c === 0 });
    }
    // A sibling is at the same branch, a programme up (the first family, measured, always has two).
    const group = kids.length % groups.length;
    for (let c = 0, n = f === 0 || rand() < 0.45 ? 2 : 1; c < n; c++) {
      const g = groups[c === 0 ? group : (group + 1) % groups.length];
      const kid = { id: ids.child++, familyId: family.id, first: pick(FIRST), last, ...g, website: rand() < 0.8 };
      kid.birth = new Date(now - (2 + rand() * 4) * 365 * DAY).toISOString().slice(0, 10);
      // About one child in 25 withdraws consent for the family area; one in 100 is "no images anywhere".
      kid.withdrawn = f > 0 && rand() < 0.04;
      kid.noImages = f > 0 && !kid.withdrawn && rand() < 0.01;
      family.kids.push(kid);
      kids.push(kid);
    }
  }
  return { families, kids };
}

/**
 * 100 galleries of 50 photos: four per group (one in five groups has a draft), two per branch, four
 * for all families, six for everyone, two for staff; children of the audience tagged in some photos.
 */
function makeGalleries(rand, ids, groups, kids) {
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const branches = [...new Set(groups.map((g) => g.branch))];
  const inGroup = (g) => kids.filter((k) => k.branch === g.branch && k.programme === g.programme);
  const plans = [
    ...groups.flatMap((g, i) =>
      [0, 1, 2, 3].map((k) => ({
        audience: 'programme',
        g,
        pool: inGroup(g),
        tagRate: 0.6,
        age: k * 40 + i,
        draft: k === 3 && i % 5 === 0,
      })),
    ),
    ...branches.flatMap((branch, i) =>
      [0, 1].map((k) => ({
        audience: 'branch',
        g: { branch, programme: null },
        pool: kids.filter((x) => x.branch === branch),
        tagRate: 0.4,
        age: k * 60 + i,
      })),
    ),
    ...[0, 1, 2, 3].map((k) => ({ audience: 'families', g: null, pool: kids, tagRate: 0.3, age: 5 + k * 90 })),
    ...[0, 1, 2, 3, 4, 5].map((k) => ({ audience: 'everyone', g: null, pool: kids, tagRate: 0.2, age: 3 + k * 50 })),
    ...[0, 1].map((k) => ({ audience: 'staff', g: null, pool: kids, tagRate: 0.5, age: 20 + k * 100 })),
  ];
  return plans.map((p, i) => {
    const photos = Array.from({ length: PHOTOS_PER_GALLERY }, () => `/uploads/${randomBytes(16).toString('hex')}.webp`);
    const tags = photos.flatMap((photo) => {
      if (!p.pool.length || rand() >= p.tagRate) return [];
      const tagged = new Set(Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(p.pool)));
      return [...tagged].map((kid) => ({ photo, kid }));
    });
    return { id: ids.gallery++, ...p, title: `${p.audience} gallery ${i + 1}${p.g ? ` at ${p.g.branch}` : ''}`, photos, tags };
  });
}

/** Each child's consents as staff recorded them on paper, then the withdrawals. */
function consentRows(families, kids, now) {
  const paper = at(now - 200 * DAY);
  const parentOf = (kid) => families.find((f) => f.id === kid.familyId).contacts[0].id;
  return kids.flatMap((k) => [
    [k.id, q('website'), k.website, paper, q('staff'), 1, q('Paper form')],
    [k.id, q('families'), true, paper, q('staff'), 1, q('Paper form')],
    [k.id, q('none'), false, paper, q('staff'), 1, q('Paper form')],
    ...(k.withdrawn ? [[k.id, q('families'), false, at(now - 5 * DAY), q('parent'), parentOf(k), q('Family area')]] : []),
    ...(k.noImages ? [[k.id, q('none'), true, at(now - 9 * DAY), q('staff'), 1, q('Safeguarding')]] : []),
  ]);
}

function galleryRow(g, now) {
  const texts = g.photos
    .filter((_, i) => i % 4 === 0)
    .map((url, i) => ({ url, alt: `Children at play, photo ${i + 1}`, caption: 'Our morning in the garden' }));
  const time = at(now - g.age * DAY);
  const words = [g.title, 'What the children did this week.', 'images'].map(q);
  const images = `array[${g.photos.map(q).join(',')}]::text[]`;
  const audience = [g.audience, g.g?.branch ?? null, g.g?.programme ?? null].map(q);
  return [g.id, ...words, images, !g.draft, ...audience, `${q(JSON.stringify(texts))}::jsonb`, time, time];
}

/** The whole seed as one transaction; identity columns take the ids given, then their sequences move on. */
function seedSql({ families, kids, galleries, consents, session, now }) {
  const created = at(now - 200 * DAY);
  const contacts = families.flatMap((f) => f.contacts);
  const tags = galleries.flatMap((g) => g.tags.map((t) => [g.id, q(t.photo), t.kid.id]));
  const own = 'overriding system value';
  const galleryColumns = ['id', 'title', 'description', 'type', 'images', 'published', 'audience', 'audience_branch'];
  return [
    'begin;',
    insert(
      'families',
      ['id', 'name', 'created_at', 'updated_at'],
      families.map((f) => [f.id, q(f.name), created, created]),
      own,
    ),
    insert(
      'family_contacts',
      ['id', 'family_id', 'name', 'email', 'phone', 'relation', 'is_primary'],
      contacts.map((c) => [c.id, c.familyId, q(c.name), q(c.email), q('+91 98765 43210'), q('Parent'), c.primary]),
      own,
    ),
    insert(
      'children',
      ['id', 'family_id', 'first_name', 'last_name', 'birth_date', 'branch', 'programme', 'start_date'],
      kids.map((k) => [k.id, k.familyId, ...[k.first, k.last, k.birth, k.branch, k.programme, '2026-06-01'].map(q)]),
      own,
    ),
    insert(
      'child_consents',
      ['child_id', 'purpose', 'granted', 'recorded_at', 'recorded_by_kind', 'recorded_by', 'source'],
      consents,
    ),
    insert(
      'galleries',
      [...galleryColumns, 'audience_programme', 'photo_texts', 'created_at', 'updated_at'],
      galleries.map((g) => galleryRow(g, now)),
      own,
    ),
    ...chunks(tags, 2000).map((rows) => insert('gallery_photo_children', ['gallery_id', 'photo', 'child_id'], rows)),
    insert('family_sessions', ['id', 'contact_id', 'expires_at'], [session]),
    ...['families', 'family_contacts', 'children', 'galleries'].map(
      (t) => `select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}));`,
    ),
    'commit;',
  ].join('\n');
}

/**
 * Seeds the families and galleries into the database at `dbDir` (DATA_DIR/db, no server running).
 * `groups` are the school's branch and programme pairs. Answers what it made, the family whose
 * pages are measured (the token of its session), its first child's newest gallery and the photos
 * that gallery should show (its tagged children's consents applied), and a sample photo's URL.
 */
export async function seedFamilies(dbDir, groups) {
  const rand = random(32);
  const now = Date.now();
  const db = await PGlite.create(dbDir);
  try {
    const next = async (table) => (await db.query(`select coalesce(max(id), 0)::int as n from ${table}`)).rows[0].n + 1;
    const ids = { family: await next('families'), contact: await next('family_contacts'), child: await next('children') };
    ids.gallery = await next('galleries');
    const { families, kids } = makeFamilies(rand, ids, groups, now);
    const galleries = makeGalleries(rand, ids, groups, kids);
    const consents = consentRows(families, kids, now);
    const token = randomBytes(32).toString('base64url');
    const family = families[0];
    const session = [q(createHash('sha256').update(token).digest('hex')), family.contacts[0].id, at(now + 30 * DAY)];
    await db.exec(seedSql({ families, kids, galleries, consents, session, now }));
    await db.exec('vacuum (analyze)');
    const sample = await db.query(
      `select images from galleries where audience = 'everyone' and type = 'images' and cardinality(images) > 0 order by id limit 1`,
    );
    const own = family.kids[0];
    const gallery = galleries
      .filter((g) => g.audience === 'programme' && !g.draft && g.g.branch === own.branch && g.g.programme === own.programme)
      .sort((a, b) => a.age - b.age)[0];
    const seen = galleries.filter((g) => !g.draft && g.audience !== 'staff');
    return {
      counts: {
        families: families.length,
        contacts: families.reduce((n, f) => n + f.contacts.length, 0),
        children: kids.length,
        consentRows: consents.length,
        withdrawn: kids.filter((k) => k.withdrawn).length,
        noImages: kids.filter((k) => k.noImages).length,
        galleries: galleries.length,
        photos: galleries.reduce((n, g) => n + g.photos.length, 0),
        tags: galleries.reduce((n, g) => n + g.tags.length, 0),
        hiddenPhotos: seen.reduce((n, g) => n + g.photos.length - shown(g).length, 0),
        groups: groups.length,
      },
      family: { id: family.id, name: family.name, children: family.kids.map((k) => `${k.first} ${k.last}`), token },
      gallery: { id: gallery.id, title: gallery.title, photos: gallery.photos.length, shown: shown(gallery) },
      samplePhoto: sample.rows[0]?.images[0] ?? null,
    };
  } finally {
    await db.close();
  }
}

/** A tagged child hides the photo from a gallery's audience (consentAllows: "none" wins, then the purpose). */
const hides = (kid, audience) => kid.noImages || (audience === 'everyone' ? !kid.website : kid.withdrawn);

/** The photos a gallery's audience sees. */
const shown = (g) => g.photos.filter((url) => !g.tags.some((t) => t.photo === url && hides(t.kid, g.audience)));

const chunks = (xs, n) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));
