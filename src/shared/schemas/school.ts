import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max);

export const BranchSchema = z.object({
  name: text(80).min(1),
  address: text(300).min(1),
  phone: text(40).min(1),
  /** Latitude and longitude for the map embed. */
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type Branch = z.infer<typeof BranchSchema>;

/** The site's public address, e.g. https://littleacorns.example: an http(s) origin, or '' when not set. */
export const SiteUrlSchema = z
  .string()
  .trim()
  .max(200, 'The site address may be at most 200 characters.')
  .refine((v) => v === '' || /^https?:\/\/[^/\s?#]+\/?$/i.test(v), {
    message: 'Enter the address parents type, such as https://littleacorns.example (no path).',
  })
  .transform((v) => v.replace(/\/$/, '').toLowerCase());

export const SchoolProfileSchema = z.object({
  name: text(80).min(1),
  brandLine: text(120),
  about: text(600),
  email: z.email().max(200),
  hours: text(120),
  ages: text(40),
  branches: z.array(BranchSchema).min(1).max(4),
  social: z.object({
    facebook: z.url().or(z.literal('')),
    instagram: z.url().or(z.literal('')),
    youtube: z.url().or(z.literal('')),
  }),
  timezone: z.string().min(1),
  /** Where every absolute link points (canonical, feeds, sitemap); PUBLIC_URL overrides it. */
  siteUrl: SiteUrlSchema.default(''),
});
export type SchoolProfile = z.infer<typeof SchoolProfileSchema>;

// The defaults live apart so public pages can read them without bundling zod.
export { DEFAULT_SCHOOL } from './school-defaults.ts';
