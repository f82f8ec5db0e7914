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
});
export type SchoolProfile = z.infer<typeof SchoolProfileSchema>;

/** The spec's values (§2 footer, §9 hours and ages); staff edit them under Settings > School profile. */
export const DEFAULT_SCHOOL: SchoolProfile = {
  name: 'Sprout',
  brandLine: 'Preschool & Daycare',
  about:
    'A warm, play-based preschool for children aged 2 to 6, where curious minds are nurtured with care, creativity and joy every day.',
  email: 'hello@sprout-preschool.example',
  hours: 'Monday-Friday 9:00 AM-3:30 PM',
  ages: '2-6',
  branches: [
    { name: 'Main Branch', address: '12 Garden Lane, Green Park', phone: '+91 98765 43210', lat: 28.5597, lng: 77.2069 },
    { name: 'City Branch', address: '48 Lake View Road, Sunrise Colony', phone: '+91 98765 43211', lat: 28.5355, lng: 77.241 },
  ],
  social: { facebook: '', instagram: '', youtube: '' },
  timezone: 'Asia/Kolkata',
};
