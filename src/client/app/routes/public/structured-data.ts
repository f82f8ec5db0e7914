import type { SchoolProfile } from '#shared/schemas/school.ts';
import type { PublicEvent, PublicPost } from '#client/lib/public-data.ts';

/** Opening hours as schema.org wants them; the profile's text is shown to people as written. */
function openingHours(hours: string) {
  const match = /(\d{1,2}):(\d{2})\s*(AM|PM)\s*[-–]\s*(\d{1,2}):(\d{2})\s*(AM|PM)/i.exec(hours);
  const to24 = (h: string, m: string, ap: string) => {
    const hour = (Number(h) % 12) + (ap.toUpperCase() === 'PM' ? 12 : 0);
    return `${String(hour).padStart(2, '0')}:${m}`;
  };
  return {
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: match ? to24(match[1]!, match[2]!, match[3]!) : '09:00',
    closes: match ? to24(match[4]!, match[5]!, match[6]!) : '15:30',
  };
}

/** The school on `/`: one Preschool with a department per branch. */
export function preschoolJsonLd(school: SchoolProfile) {
  const branch = (b: SchoolProfile['branches'][number]) => ({
    '@type': 'Preschool',
    name: `${school.name} ${b.name}`,
    telephone: b.phone,
    address: { '@type': 'PostalAddress', streetAddress: b.address },
    geo: { '@type': 'GeoCoordinates', latitude: b.lat, longitude: b.lng },
    openingHoursSpecification: openingHours(school.hours),
  });
  const [main, ...others] = school.branches;
  return {
    '@context': 'https://schema.org',
    '@type': 'Preschool',
    name: school.name,
    description: school.about,
    email: school.email,
    telephone: main?.phone,
    address: main ? { '@type': 'PostalAddress', streetAddress: main.address } : undefined,
    openingHoursSpecification: openingHours(school.hours),
    sameAs: Object.values(school.social).filter(Boolean),
    department: [main, ...others].filter(Boolean).map((b) => branch(b!)),
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
    organizer: school ? { '@type': 'Organization', name: school.name, email: school.email } : undefined,
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
    author: { '@type': 'Person', name: post.author || 'Admin' },
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
