import { z } from 'zod';
import { SITE_ICONS } from './site-icons.ts';

/*
 * The school's own words on its public pages (issue 30): one typed document per section, checked
 * by the schema below on the server (every save) and in the back office's editors. The defaults
 * (today's texts) live zod-free in site-content-defaults.ts, so public pages read them without zod.
 */

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} may be at most ${max} characters.`, abort: true });
const required = (max: number, label: string) => text(max, label).min(1, `${label} is required.`);
const list = <T extends z.ZodType>(item: T, max: number, label: string, min = 0) =>
  z
    .array(item)
    .max(max, `At most ${max} ${label}.`)
    .min(min, min === 1 ? `Add at least one of the ${label}.` : `Add at least ${min} ${label}.`);

export const SiteIconSchema = z.enum(SITE_ICONS, { message: 'Choose an icon from the list.' });

/** A site path (`/admission`) or an http(s) address: a button's target. */
export const LinkTargetSchema = z
  .string()
  .trim()
  .max(500, { message: 'A link may be at most 500 characters.', abort: true })
  .refine(
    (v) => /^\/(?!\/)[^\s]*$/.test(v) || /^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i.test(v),
    'Enter a page of this site such as /admission, or an address that starts with https://.',
  );

/**
 * A photo uploaded through the media pipeline (`/uploads/...`, WebP variants and metadata made
 * there): it needs alt text unless staff mark it decorative.
 */
export const SitePhotoSchema = z
  .object({
    url: z
      .string()
      .trim()
      .max(500, { abort: true })
      .regex(/^\/uploads\/[\w./-]+$/, 'Upload the photo here: only photos of this site can be used.'),
    alt: text(200, 'The alt text'),
    decorative: z.boolean().default(false),
  })
  .refine((p) => p.decorative || p.alt.length > 0, {
    message: 'Describe the photo for people who cannot see it, or mark it as decorative.',
    path: ['alt'],
  });
export type SitePhoto = z.infer<typeof SitePhotoSchema>;

const Card = z.object({ title: required(80, 'The title'), text: required(400, 'The text'), icon: SiteIconSchema });
const Highlight = z.object({ title: required(80, 'The title'), text: required(400, 'The text') });
/** A page's banner: the small heading above its title, the title and a line of text. */
const Banner = z.object({
  eyebrow: text(60, 'The small heading'),
  title: required(120, 'The title'),
  text: text(400, 'The text'),
});

export const HomeContentSchema = z.object({
  hero: z.object({
    headline: required(120, 'The headline'),
    copy: text(400, 'The text under the headline'),
    /** null: the drawn illustration. */
    photo: SitePhotoSchema.nullable(),
    buttons: z
      .array(z.object({ label: required(40, 'The button text'), target: LinkTargetSchema }))
      .length(2, 'The hero has two buttons.'),
  }),
  why: z.object({
    eyebrow: text(60, 'The small heading'),
    /** `{school}` is replaced by the school's name. */
    heading: required(120, 'The heading'),
    intro: text(400, 'The introduction'),
    cards: list(Card, 3, 'cards', 3).length(3, 'Why Choose has three cards.'),
  }),
  testimonials: z.object({
    eyebrow: text(60, 'The small heading'),
    heading: required(80, 'The heading'),
    items: list(
      z.object({
        name: required(80, 'The name'),
        relation: text(80, 'The relation'),
        quote: required(600, 'The quote'),
        rating: z.number().int('Choose 1 to 5 stars.').min(1, 'Choose 1 to 5 stars.').max(5, 'Choose 1 to 5 stars.'),
      }),
      12,
      'testimonials',
    ),
  }),
  events: z.object({ eyebrow: text(60, 'The small heading'), heading: required(80, 'The heading') }),
  showScene: z.boolean(),
});

export const AboutContentSchema = z.object({
  banner: Banner,
  blocks: list(
    z.object({
      title: required(80, 'The title'),
      /** Paragraphs, separated by a blank line. */
      text: required(2000, 'The text'),
      icon: SiteIconSchema,
      /** null: the drawn panel with the icon. */
      photo: SitePhotoSchema.nullable(),
    }),
    6,
    'blocks',
    1,
  ),
  bulletsTitle: required(80, 'The list title'),
  bullets: list(required(200, 'A point'), 12, 'points'),
});

/** A programme's stable key: enquiries and seats name it, so a renamed programme keeps them. */
export const ProgrammeKeySchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'A programme key is lowercase letters, digits and dashes.');

export const ProgrammeSchema = z.object({
  key: ProgrammeKeySchema,
  name: required(60, 'The programme name'),
  /** The age band as parents read it: "Ages 3-4". */
  ages: text(40, 'The age band'),
  /** The ages in years, for the admission form's check of the child's age (optional). */
  minAge: z.number().min(0).max(12).nullable().default(null),
  maxAge: z.number().min(0).max(12).nullable().default(null),
  description: text(600, 'The description'),
  points: list(required(120, 'A point'), 8, 'points'),
  icon: SiteIconSchema,
  photo: SitePhotoSchema.nullable(),
  /** Kept for its enquiries and seats, but not offered on the admission form. */
  hidden: z.boolean().default(false),
});
export type Programme = z.infer<typeof ProgrammeSchema>;

export const ProgramsContentSchema = z
  .object({
    banner: Banner,
    programmes: list(ProgrammeSchema, 12, 'programmes', 1),
    activitiesTitle: required(80, 'The activities title'),
    activitiesIntro: text(300, 'The activities introduction'),
    activities: list(z.object({ name: required(60, 'The activity'), icon: SiteIconSchema }), 16, 'activities'),
    highlightsTitle: required(80, 'The highlights title'),
    highlights: list(Highlight, 8, 'highlights'),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.programmes.forEach((p, i) => {
      if (seen.has(p.key))
        ctx.addIssue({ code: 'custom', message: 'Two programmes have the same key.', path: ['programmes', i, 'key'] });
      seen.add(p.key);
    });
    if (value.programmes.every((p) => p.hidden))
      ctx.addIssue({ code: 'custom', message: 'Show at least one programme on the admission form.', path: ['programmes'] });
  });

export const CurriculumContentSchema = z.object({
  banner: Banner,
  approaches: list(z.object({ name: required(60, 'The name'), text: required(400, 'The text') }), 6, 'approaches'),
  areasTitle: required(80, 'The areas title'),
  areasIntro: text(300, 'The areas introduction'),
  areas: list(
    z.object({ name: required(60, 'The area'), icon: SiteIconSchema, focus: list(required(80, 'A focus'), 8, 'focus points') }),
    12,
    'areas',
  ),
});

export const AdmissionContentSchema = z.object({
  banner: Banner,
  instructions: list(required(300, 'An instruction'), 10, 'instructions'),
});

export const ContactContentSchema = z.object({
  banner: Banner,
  formTitle: required(80, 'The form title'),
  reachTitle: required(80, 'The title beside the branches'),
});

export const SECTION_SCHEMAS = {
  home: HomeContentSchema,
  about: AboutContentSchema,
  programs: ProgramsContentSchema,
  curriculum: CurriculumContentSchema,
  admission: AdmissionContentSchema,
  contact: ContactContentSchema,
} as const;

export type { SectionKey } from './site-content-defaults.ts';
export type SiteContent = { [K in keyof typeof SECTION_SCHEMAS]: z.infer<(typeof SECTION_SCHEMAS)[K]> };
export type HomeContent = SiteContent['home'];
export type AboutContent = SiteContent['about'];
export type ProgramsContent = SiteContent['programs'];
export type CurriculumContent = SiteContent['curriculum'];
export type AdmissionContent = SiteContent['admission'];
export type ContactContent = SiteContent['contact'];
