import { z } from 'zod';
import { isTimeZone } from '../dates.ts';
import { ProgrammeKeySchema } from './site-content.ts';

/** Seat counts kept per branch: the programmes (12 at most) and some left from removed ones. */
const MAX_SEAT_PROGRAMMES = 24;

const text = (max: number) => z.string().trim().max(max, { abort: true });

export const BranchSchema = z.object({
  name: text(80).min(1),
  address: text(300).min(1),
  phone: text(40).min(1),
  /** Latitude and longitude for the map embed. */
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /**
   * Seats per programme at this branch (admissions capacity), by the programme's key (issue 30); a
   * programme left out has no limit.
   */
  seats: z
    .record(
      ProgrammeKeySchema,
      z.number().int('Seats must be a whole number.').min(0, 'Seats cannot be negative.').max(999, 'At most 999 seats.'),
      { error: (issue) => (issue.code === 'invalid_key' ? 'Seats are set per programme: this is not a programme key.' : undefined) },
    )
    .refine((seats) => Object.keys(seats).length <= MAX_SEAT_PROGRAMMES, `Seats for at most ${MAX_SEAT_PROGRAMMES} programmes.`)
    .optional(),
});
export type Branch = z.infer<typeof BranchSchema>;

/** The site's public address, e.g. https://littleacorns.example: an http(s) origin, or '' when not set. */
export const SiteUrlSchema = z
  .string()
  .trim()
  .max(200, { message: 'The site address may be at most 200 characters.', abort: true })
  .refine((v) => v === '' || /^https?:\/\/[^/\s?#]+\/?$/i.test(v), {
    message: 'Enter the address parents type, such as https://littleacorns.example (no path).',
  })
  .transform((v) => v.replace(/\/$/, '').toLowerCase());

/** A link to the school's page elsewhere: http(s) only (a `javascript:` link would run on click). */
const SocialLinkSchema = z
  .string()
  .trim()
  .max(500, { message: 'A link may be at most 500 characters.', abort: true })
  .refine((v) => v === '' || /^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i.test(v), 'Enter a link that starts with https://.');

export const SchoolProfileSchema = z.object({
  name: text(80).min(1),
  brandLine: text(120),
  about: text(600),
  email: z.string().max(200, { abort: true }).pipe(z.email()),
  hours: text(120),
  ages: text(40),
  branches: z.array(BranchSchema).min(1).max(4),
  social: z.object({ facebook: SocialLinkSchema, instagram: SocialLinkSchema, youtube: SocialLinkSchema }),
  timezone: z
    .string()
    .min(1, 'Choose a time zone.')
    .refine(isTimeZone, 'Choose a time zone from the list, such as Europe/London.'),
  /** Where every absolute link points (canonical, feeds, sitemap); PUBLIC_URL overrides it. */
  siteUrl: SiteUrlSchema.default(''),
});
export type SchoolProfile = z.infer<typeof SchoolProfileSchema>;

// The defaults live apart so public pages can read them without bundling zod.
export { DEFAULT_SCHOOL } from './school-defaults.ts';
