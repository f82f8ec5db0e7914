import type { SiteContent } from './site-content.ts';

/** The public pages whose words staff edit under Website (issue 30), in the menu's order. */
export const SECTION_KEYS = ['home', 'about', 'programs', 'curriculum', 'admission', 'contact'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/** Each section's page: the preview draws it, and a publish empties its cached copy. */
export const SECTION_PATHS: Record<SectionKey, string> = {
  home: '/',
  about: '/about',
  programs: '/programs',
  curriculum: '/curriculum',
  admission: '/admission',
  contact: '/contact',
};

export const SECTION_TITLES: Record<SectionKey, string> = {
  home: 'Home',
  about: 'About',
  programs: 'Programs',
  curriculum: 'Curriculum',
  admission: 'Admission',
  contact: 'Contact',
};

/**
 * Today's texts (the spec's school): what a fresh install shows until staff change a section, and
 * what "Reset to the default text" brings back. Zod-free, so public pages read it without zod.
 * TODO(issue 30): filled from the page components.
 */
export const SITE_DEFAULTS: SiteContent = undefined as unknown as SiteContent;
