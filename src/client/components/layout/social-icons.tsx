import type { SchoolProfile } from '#shared/schemas/school.ts';

// Drawn for the project: simple glyphs, no brand assets fetched from anywhere.
const ICONS = {
  facebook: <path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9H16l.5-4h-3V8.8c0-.5.3-.8.5-.8Z" />,
  instagram: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="4.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="3.6" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="16.8" cy="7.2" r="1.1" />
    </>
  ),
  youtube: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
      <path d="m10 9 5 3-5 3Z" fill="#fff" />
    </>
  ),
} as const;

const LABELS = { facebook: 'Facebook', instagram: 'Instagram', youtube: 'YouTube' } as const;

export function SocialIcons({ social }: { social: SchoolProfile['social'] }) {
  const entries = (Object.keys(ICONS) as (keyof typeof ICONS)[]).map((key) => ({ key, url: social[key] }));
  return (
    <ul className="flex gap-3" aria-label="Social media">
      {entries.map(({ key, url }) => {
        const icon = (
          <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
            {ICONS[key]}
          </svg>
        );
        const className = 'inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-white';
        return (
          <li key={key}>
            {url ? (
              <a href={url} className={`${className} hover:bg-white/20`} rel="noopener noreferrer" aria-label={LABELS[key]}>
                {icon}
              </a>
            ) : (
              <span className={className} role="img" aria-label={`${LABELS[key]} (coming soon)`}>
                {icon}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
