import { z } from 'zod';
import { isTimeZone } from '../dates.ts';
import { ProgrammeKeySchema } from './site-content.ts';

/** Seat counts kept per branch: the programmes (12 at most) and some left from removed ones. */
const MAX_SEAT_PROGRAMMES = 24;

const text = (max: number) => z.string().trim().max(max, { abort: true });

/**
 * What a school tells about a branch (the install wizard asks these). A detail it never gave stays
 * empty and is left out of pages, mails and JSON-LD, never invented (issue 30).
 */
export const BRANCH_DETAILS = {
  name: text(80).min(1, 'Give the branch a name, e.g. Main Branch.'),
  address: text(300).min(1, "Enter the branch's address."),
  /** '' or absent: no phone is shown. */
  phone: text(40).optional(),
};

export const BranchSchema = z.object({
  ...BRANCH_DETAILS,
  /** Latitude and longitude for the map embed; both or neither (no map without them). */
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  /** Filled by the sample content (the spec's branches): the back office marks it until staff edit it. */
  sample: z.boolean().optional(),
  /**
   * Seats per programme at this branch (admissions capacity), by the programme's key (issue 30); a
   * programme left out has no limit.
   */
  seats: z
    .record(
      ProgrammeKeySchema,
      z.number().int('Seats must be a whole number.').min(0, 'Seats cannot be negative.').max(999, 'At most 999 seats.'),
      {
        error: (issue) =>
          issue.code === 'invalid_key' ? 'Seats are set per programme: this is not a programme key.' : undefined,
      },
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

export const MAX_BRANCHES = 4;
const PARTIAL_POSITION = 'Give both the latitude and the longitude, or neither.';

/** Any IANA time zone the server knows (the school profile and the install wizard). */
export const TimeZoneSchema = z
  .string()
  .min(1, 'Choose a time zone.')
  .refine(isTimeZone, 'Choose a time zone from the list, such as Europe/London.');

export const SchoolProfileSchema = z.object({
  name: text(80).min(1),
  brandLine: text(120),
  about: text(600),
  email: z.string().max(200, { abort: true }).pipe(z.email()),
  hours: text(120),
  ages: text(40),
  branches: z
    .array(BranchSchema)
    .min(1, 'Add at least one branch.')
    .max(MAX_BRANCHES, `At most ${MAX_BRANCHES} branches.`)
    .superRefine((branches, ctx) =>
      branches.forEach((b, i) => {
        if ((b.lat === undefined) !== (b.lng === undefined))
          ctx.addIssue({ code: 'custom', path: [i, b.lat === undefined ? 'lat' : 'lng'], message: PARTIAL_POSITION });
      }),
    ),
  social: z.object({ facebook: SocialLinkSchema, instagram: SocialLinkSchema, youtube: SocialLinkSchema }),
  timezone: TimeZoneSchema,
  /** Where every absolute link points (canonical, feeds, sitemap); PUBLIC_URL overrides it. */
  siteUrl: SiteUrlSchema.default(''),
});
export type SchoolProfile = z.infer<typeof SchoolProfileSchema>;

// The defaults live apart so public pages can read them without bundling zod.
export { DEFAULT_SCHOOL } from './school-defaults.ts';
