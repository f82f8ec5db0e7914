import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHOOL } from '#shared/schemas/school-defaults.ts';
import type { SchoolProfile } from '#shared/schemas/school.ts';
import type { PublicPost } from '#client/lib/public-data.ts';
import { blogPostingJsonLd, preschoolJsonLd } from './structured-data.ts';

const school: SchoolProfile = {
  ...DEFAULT_SCHOOL,
  name: 'Little Acorns',
  email: 'office@acorns.test',
  hours: 'Monday-Friday 9:00 AM-3:30 PM',
  branches: [
    { name: 'Oak Road', address: '3 Oak Road, Leeds', phone: '0113 496 0000', lat: 53.8, lng: -1.55 },
    { name: 'Park Side', address: '9 Park Side, Leeds' },
  ],
};

describe('JSON-LD of the school', () => {
  it("carries the school's own details, and leaves out a phone or map position it never gave", () => {
    const data = preschoolJsonLd(school);
    expect(data).toMatchObject({
      telephone: '0113 496 0000',
      address: { streetAddress: '3 Oak Road, Leeds' },
      openingHoursSpecification: {
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '15:30',
      },
    });
    const [oak, park] = data.department!;
    expect(oak).toMatchObject({ telephone: '0113 496 0000', geo: { latitude: 53.8, longitude: -1.55 } });
    expect(JSON.parse(JSON.stringify(park))).toEqual({
      '@type': 'Preschool',
      name: 'Little Acorns Park Side',
      address: { '@type': 'PostalAddress', streetAddress: '9 Park Side, Leeds' },
      openingHoursSpecification: oak!.openingHoursSpecification,
    });
  });

  it('reads other ways of writing the hours, and invents none it cannot read', () => {
    expect(preschoolJsonLd({ ...school, hours: 'Mon to Sat 08:00-18:00' }).openingHoursSpecification).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
      opens: '08:00',
      closes: '18:00',
    });
    for (const hours of ['', 'Term time only, ring for times', '9:00 AM-3:30 PM']) {
      const text = JSON.stringify(preschoolJsonLd({ ...school, hours }));
      expect(text, hours).not.toContain('openingHours');
    }
  });

  it('names no address, phone or department for a school without branches (before installation)', () => {
    const text = JSON.stringify(preschoolJsonLd({ ...school, branches: [], about: '' }));
    for (const key of ['telephone', 'address', 'department', 'geo', 'description']) expect(text).not.toContain(key);
  });

  it('gives a post without a known author to the school, not to a person called Admin', () => {
    const post = { title: 'Hello', tags: [], author: null, created_at: '2026-01-01T00:00:00Z' } as unknown as PublicPost;
    expect(blogPostingJsonLd(post, school, 'https://acorns.test/blog/hello', 'https://acorns.test').author).toEqual({
      '@type': 'Organization',
      name: 'Little Acorns',
    });
    expect(blogPostingJsonLd({ ...post, author: 'Asha Verma' }, school, '', '').author).toEqual({
      '@type': 'Person',
      name: 'Asha Verma',
    });
  });
});
