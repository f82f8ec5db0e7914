import type { SchoolProfile } from './school.ts';

/**
 * The spec's texts (§2 footer, §9 hours and ages) until staff change them under Settings > School
 * profile. No branch: an address or phone number the school never gave is never shown (issue 30);
 * the install asks for the branches, and only the sample content fills the spec's, marked as sample.
 */
export const DEFAULT_SCHOOL: SchoolProfile = {
  name: 'Sprout',
  brandLine: 'Preschool & Daycare',
  about:
    'A warm, play-based preschool for children aged 2 to 6, where curious minds are nurtured with care, creativity and joy every day.',
  email: 'hello@sprout-preschool.example',
  hours: 'Monday-Friday 9:00 AM-3:30 PM',
  ages: '2-6',
  branches: [],
  social: { facebook: '', instagram: '', youtube: '' },
  timezone: 'Asia/Kolkata',
  siteUrl: '',
};
