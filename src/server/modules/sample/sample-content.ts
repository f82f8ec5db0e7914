import type { Db } from '../../db/client.ts';
import { categories, events, galleries, posts, schoolDates, siteSections } from '../../db/schema/index.ts';
import { loadSharp, storeImage } from '../media/media.service.ts';
import { sanitizePostHtml } from '../posts/sanitize.ts';
import type { Branch } from '../../../shared/schemas/school.ts';
import { DEFAULT_SCHOOL } from '../../../shared/schemas/school-defaults.ts';
import { getSchoolProfile, saveSchoolProfile } from '../site/site.service.ts';
import { SAMPLE_SCHOOL_DETAILS, SAMPLE_SECTIONS } from './sample-site-content.ts';
import { sampleSchoolYear } from './sample-school-year.ts';
import { SCENES, type SceneName } from './scenes.ts';

/**
 * The spec's two branches (§2 footer, Contact): the sample content's stand-ins when a school asks
 * for sample content without giving a branch. Marked as sample: the school profile says so until
 * staff edit them; a school that gave its branches never gets these.
 */
export const SAMPLE_BRANCHES: Branch[] = [
  {
    name: 'Main Branch',
    address: '12 Garden Lane, Green Park',
    phone: '+91 98765 43210',
    lat: 28.5597,
    lng: 77.2069,
    sample: true,
  },
  {
    name: 'City Branch',
    address: '48 Lake View Road, Sunrise Colony',
    phone: '+91 98765 43211',
    lat: 28.5355,
    lng: 77.241,
    sample: true,
  },
];

export interface SampleContentOptions {
  /** Where processed images are written (DATA_DIR). */
  dataDir: string;
  /** The administrator created by the install; author of the sample posts. */
  adminId: number;
  /** The school's branch names: the sample events take place there. */
  branchNames?: string[];
}

const DAY = 24 * 3600_000;
/** A date `days` from now at a school-day hour (UTC). */
const day = (days: number, hourUtc = 4) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d;
};

/**
 * The spec's words that name details only a school can give (testimonials, boards, hours, ...):
 * published on the sections the school has not written yet, by no one (the back office shows them
 * as sample text), and the profile's brand line, about, hours and ages where they are still the
 * defaults.
 */
export async function seedSampleWords(db: Db): Promise<void> {
  const now = new Date();
  await db
    .insert(siteSections)
    .values(Object.entries(SAMPLE_SECTIONS).map(([key, published]) => ({ key, published, publishedAt: now })))
    .onConflictDoNothing();
  const school = await getSchoolProfile(db);
  const filled = { ...school };
  for (const field of Object.keys(SAMPLE_SCHOOL_DETAILS) as (keyof typeof SAMPLE_SCHOOL_DETAILS)[])
    if (school[field] === DEFAULT_SCHOOL[field]) filled[field] = SAMPLE_SCHOOL_DETAILS[field];
  await saveSchoolProfile(db, filled);
}

/**
 * Adds the installer's sample content: categories, a school year, events in different states, an image gallery
 * linked to an event, a video gallery, published and draft posts with formatting and tags, and the
 * spec's words (seedSampleWords). Images are drawn by the project (scenes.ts) and processed like
 * uploads; nothing is downloaded. Runs inside the install transaction.
 */
export async function seedSampleContent(
  db: Db,
  { dataDir, adminId, branchNames = SAMPLE_BRANCHES.map((b) => b.name) }: SampleContentOptions,
): Promise<void> {
  await seedSampleWords(db);
  const actor = { id: adminId };
  const [main = 'Main Branch', second = main] = branchNames;
  const image = async (name: SceneName) => {
    const png = await (await loadSharp())(Buffer.from(SCENES[name])).png().toBuffer();
    return (await storeImage(db, dataDir, png, actor)).url;
  };
  const img: Record<SceneName, string> = {} as Record<SceneName, string>;
  for (const name of Object.keys(SCENES) as SceneName[]) img[name] = await image(name);

  const cats = await db
    .insert(categories)
    .values(['Conference', 'Workshop', 'Webinar', 'Celebration'].map((name) => ({ name })))
    .onConflictDoNothing()
    .returning();
  const cat = (name: string) => cats.find((c) => c.name === name)?.id ?? cats[0]!.id;

  // Issue 34: term dates, half-terms and a closure day around the install date, so /events shows a school year.
  await db
    .insert(schoolDates)
    .values(
      sampleSchoolYear().map((d) => ({ kind: d.kind, name: d.name, startsOn: d.starts_on, endsOn: d.ends_on, branch: d.branch })),
    );

  const [springGallery] = await db
    .insert(galleries)
    .values({
      title: 'Spring Festival Moments',
      description: 'Balloons, flowers and a lot of smiles from our Spring Festival.',
      type: 'images',
      images: [img.balloons, img.garden, img.playground, img.paint],
      thumbnail: img.balloons,
      published: true,
      createdBy: adminId,
    })
    .returning();
  await db.insert(galleries).values({
    title: 'Rhyme Time Video',
    description: 'A sample video gallery: replace the link with a video of your own class.',
    type: 'video',
    images: [],
    videoUrl: 'https://vimeo.com/76979871',
    videoType: 'vimeo',
    thumbnail: img.stage,
    published: false,
    createdBy: adminId,
  });

  await db.insert(events).values(
    [
      {
        slug: 'little-artists-workshop',
        title: 'Little Artists Workshop',
        description: 'Three mornings of finger painting, clay and collage. Children take home a framed masterpiece.',
        coverImage: img.paint,
        categoryId: cat('Workshop'),
        location: `${main}, Art Room`,
        startDate: day(-1),
        endDate: day(1, 8),
        status: 'ongoing' as const,
      },
      {
        slug: 'parent-teacher-conference',
        title: 'Parent-Teacher Conference',
        description: "Meet your child's teachers, see their portfolio and talk about the term ahead.",
        coverImage: img.books,
        categoryId: cat('Conference'),
        location: second,
        startDate: day(6),
        endDate: day(6, 9),
        status: 'upcoming' as const,
      },
      {
        slug: 'healthy-habits-webinar',
        title: 'Healthy Habits for Little Ones',
        description:
          'An online evening session for parents on sleep, screen time and lunch boxes, with our visiting paediatrician.',
        coverImage: img.garden,
        categoryId: cat('Webinar'),
        location: 'Online',
        startDate: day(14, 13),
        endDate: null,
        status: 'upcoming' as const,
      },
      {
        slug: 'annual-day',
        title: 'Annual Day: Stars on Stage',
        description: 'Songs, dances and a little play by every class. Families are warmly invited.',
        coverImage: img.stage,
        categoryId: cat('Celebration'),
        location: `${main}, Hall`,
        startDate: day(28, 10),
        endDate: day(28, 13),
        status: 'upcoming' as const,
      },
      {
        slug: 'spring-festival',
        title: 'Spring Festival',
        description: 'A morning of balloons, flower planting and games in the garden.',
        coverImage: img.balloons,
        categoryId: cat('Celebration'),
        location: `${main}, Garden`,
        startDate: day(-20),
        endDate: day(-20, 8),
        status: 'completed' as const,
        galleryId: springGallery!.id,
      },
    ].map((e) => ({ ...e, createdBy: adminId })),
  );

  const now = Date.now();
  await db.insert(posts).values(
    [
      {
        title: 'Why Play Is Serious Learning',
        slug: 'why-play-is-serious-learning',
        excerpt: 'Blocks, sand and pretend kitchens build more than fun: how play grows thinking, language and friendship.',
        content: sanitizePostHtml(
          '<h2>Play builds the brain</h2><p>When children stack <strong>blocks</strong>, they test balance, count and plan. When they run a pretend shop, they practise <em>words</em>, numbers and taking turns.</p>' +
            '<h3>What you can do at home</h3><ul><li>Keep simple open-ended toys within reach.</li><li>Join in, and let your child lead.</li><li>Talk about what they make: <mark data-color="#fef08a" style="background-color: #fef08a">ask, do not tell</mark>.</li></ul>' +
            '<p>Read more in <a href="https://www.unicef.org/early-childhood-development">UNICEF\'s early childhood pages</a>.</p>',
        ),
        status: 'published' as const,
        coverImage: img.playground,
        tags: ['Play', 'Learning', 'Parenting'],
        publishedAt: new Date(now - 3 * DAY),
        createdAt: new Date(now - 3 * DAY),
      },
      {
        title: 'Our Garden Is Growing',
        slug: 'our-garden-is-growing',
        excerpt: 'The nursery class planted sunflowers and beans. Here is what they learned about seeds, water and patience.',
        content: sanitizePostHtml(
          '<p>Every morning the <span style="color: #16a34a">Nursery</span> class checks the garden. This month they planted <strong>sunflowers</strong>, <u>beans</u> and marigolds.</p>' +
            '<h2>Little gardeners learned</h2><ul><li>Seeds need water, light and time.</li><li>Worms are friends of the soil.</li><li>Waiting is part of growing.</li></ul>',
        ),
        status: 'published' as const,
        coverImage: img.garden,
        tags: ['Nature', 'Nursery'],
        publishedAt: new Date(now - 10 * DAY),
        createdAt: new Date(now - 10 * DAY),
      },
      {
        title: 'Getting Ready for Annual Day',
        slug: 'getting-ready-for-annual-day',
        excerpt: 'Costumes, rehearsals and what families need to know (draft).',
        content: sanitizePostHtml('<p>Rehearsals start next week. <strong>Costume list</strong> to follow.</p>'),
        status: 'draft' as const,
        coverImage: null,
        tags: ['Events'],
        publishedAt: null,
        createdAt: new Date(now - DAY),
      },
    ].map((p) => ({ ...p, authorId: adminId })),
  );
}
