import type { SchoolProfile } from '#shared/schemas/school.ts';
import type { PublicEvent, PublicPost } from '#client/lib/public-data.ts';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const dayIndex = (name: string) => DAYS.findIndex((d) => d.toLowerCase().startsWith(name.slice(0, 3).toLowerCase()));

/**
 * Opening hours as schema.org wants them, read from the profile's text ("Monday-Friday 9:00 AM-3:30 PM",
 * "Mon to Sat 08:00-18:00"); left out when the text says no days or times in that form (never invented).
 */
function openingHours(hours: string) {
  const days = /\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*(?:-|–|to)\s*(mon|tue|wed|thu|fri|sat|sun)[a-z]*/i.exec(hours);
  const times = /(\d{1,2})[:.](\d{2})\s*(?:(AM|PM)\s*)?(?:-|–|to)\s*(\d{1,2})[:.](\d{2})\s*(AM|PM)?/i.exec(hours);
  if (!days || !times) return undefined;
  const [from, to] = [dayIndex(days[1]!), dayIndex(days[2]!)];
  const to24 = (h: string, m: string, ap: string | undefined) => {
    const hour = ap ? (Number(h) % 12) + (ap.toUpperCase() === 'PM' ? 12 : 0) : Number(h);
    return `${String(hour).padStart(2, '0')}:${m}`;
  };
  return {
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: DAYS.filter((_, i) => (from <= to ? i >= from && i <= to : i >= from || i <= to)),
    opens: to24(times[1]!, times[2]!, times[3]),
    closes: to24(times[4]!, times[5]!, times[6]),
  };
}

type BranchDetails = SchoolProfile['branches'][number];
/** Only what the school gave: a phone or a map position it left empty is not in the data. */
const contactOf = (b: BranchDetails) => ({
  telephone: b.phone || undefined,
  address: { '@type': 'PostalAddress', streetAddress: b.address },
});

/** The school on `/`: one Preschool with a department per branch. */
export function preschoolJsonLd(school: SchoolProfile) {
  const hours = openingHours(school.hours);
  const branch = (b: BranchDetails) => ({
    '@type': 'Preschool',
    name: `${school.name} ${b.name}`,
    ...contactOf(b),
    geo:
      b.lat !== undefined && b.lng !== undefined ? { '@type': 'GeoCoordinates', latitude: b.lat, longitude: b.lng } : undefined,
    openingHoursSpecification: hours,
  });
  const [main] = school.branches;
  return {
    '@context': 'https://schema.org',
    '@type': 'Preschool',
    name: school.name,
    description: school.about || undefined,
    email: school.email || undefined,
    ...(main ? contactOf(main) : {}),
    openingHoursSpecification: hours,
    sameAs: Object.values(school.social).filter(Boolean),
    department: school.branches.length > 0 ? school.branches.map(branch) : undefined,
  };
}

const EVENT_STATUS: Record<string, string> = {
  completed: 'https://schema.org/EventScheduled',
  ongoing: 'https://schema.org/EventScheduled',
  upcoming: 'https://schema.org/EventScheduled',
  cancelled: 'https://schema.org/EventCancelled',
  postponed: 'https://schema.org/EventPostponed',
};

export function eventJsonLd(event: PublicEvent, school: SchoolProfile | undefined, url: string, image: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description,
    startDate: event.start_date,
    endDate: event.end_date ?? undefined,
    eventStatus: EVENT_STATUS[event.status] ?? 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: event.location, address: event.location },
    image: [image],
    url,
    organizer: school ? { '@type': 'Organization', name: school.name, email: school.email || undefined } : undefined,
  };
}

export function blogPostingJsonLd(post: PublicPost, school: SchoolProfile | undefined, url: string, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt ?? undefined,
    image: post.cover_image ? [post.cover_image.startsWith('http') ? post.cover_image : origin + post.cover_image] : undefined,
    datePublished: post.published_at ?? post.created_at,
    dateModified: post.updated_at ?? post.published_at ?? post.created_at,
    // A post without a known author is the school's, not a person called "Admin".
    author: post.author
      ? { '@type': 'Person', name: post.author }
      : school
        ? { '@type': 'Organization', name: school.name }
        : undefined,
    publisher: school ? { '@type': 'Organization', name: school.name } : undefined,
    keywords: post.tags.join(', ') || undefined,
    mainEntityOfPage: url,
  };
}

/** A page of the school's own (issue 30): a WebPage of the school's site. */
export function webPageJsonLd(
  page: { title: string; updated_at: string },
  description: string,
  school: SchoolProfile | undefined,
  url: string,
  origin: string,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: page.title,
    description,
    url,
    dateModified: page.updated_at,
    isPartOf: school ? { '@type': 'WebSite', name: school.name, url: `${origin}/` } : undefined,
    publisher: school ? { '@type': 'Organization', name: school.name, email: school.email } : undefined,
  };
}
