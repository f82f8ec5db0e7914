export * from './users.ts';
export * from './content.ts';
export * from './security.ts';
export * from './admissions.ts';
export * from './site.ts';
export * from './families.ts';
export * from './family-auth.ts';
export * from './gallery-tags.ts';
