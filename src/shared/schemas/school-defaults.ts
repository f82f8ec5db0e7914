import type { SchoolProfile } from './school.ts';

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
  siteUrl: '',
};
