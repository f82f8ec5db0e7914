import type { SchoolProfile } from './school.ts';

/**
 * A fresh school profile until the install and staff fill it (Settings > School profile). Only
 * words true of any preschool: no branch, ages, opening hours or daycare the school never gave
 * (issue 30: a detail the school never gave is left out of the page, not invented). The install asks
 * for the name, e-mail and branches; the sample content fills the spec's other details
 * (sample-site-content.ts), and its branches marked as sample.
 */
export const DEFAULT_SCHOOL: SchoolProfile = {
  name: 'Sprout',
  brandLine: 'Preschool',
  about: 'A warm, play-based preschool where curious minds are nurtured with care, creativity and joy every day.',
  email: 'hello@sprout-preschool.example',
  hours: '',
  ages: '',
  branches: [],
  social: { facebook: '', instagram: '', youtube: '' },
  timezone: 'Asia/Kolkata',
  siteUrl: '',
};
