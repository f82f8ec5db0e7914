/**
 * The hero's two decorative badges (a palette and a teddy bear), drawn for the project instead of
 * the 🎨 and 🧸 emoji: they look the same on every device, including those without an emoji font
 * (where the emoji showed as empty boxes and the search for a font slowed the first layout).
 */
const ART = { width: 36, height: 36, viewBox: '0 0 64 64', 'aria-hidden': true, focusable: false } as const;

export function PaletteArt() {
  return (
    <svg {...ART}>
      <path
        d="M32 6C17 6 6 17 6 31c0 14 11 26 25 26 5 0 7-3 7-6 0-4-4-5-4-9 0-3 3-5 7-5h6c7 0 12-5 12-12C59 14 47 6 32 6Z"
        fill="#f6c98b"
        stroke="#b7791f"
        strokeWidth="2.5"
      />
      <circle cx="20" cy="22" r="5" fill="#ef4444" />
      <circle cx="33" cy="15" r="5" fill="#3b82f6" />
      <circle cx="46" cy="21" r="5" fill="#22c55e" />
      <circle cx="16" cy="36" r="5" fill="#eab308" />
      <circle cx="23" cy="47" r="4.5" fill="#a855f7" />
    </svg>
  );
}

export function TeddyBearArt() {
  return (
    <svg {...ART}>
      <circle cx="15" cy="16" r="9" fill="#b45309" />
      <circle cx="49" cy="16" r="9" fill="#b45309" />
      <circle cx="15" cy="16" r="4.5" fill="#f59e0b" />
      <circle cx="49" cy="16" r="4.5" fill="#f59e0b" />
      <circle cx="32" cy="34" r="23" fill="#d97706" />
      <ellipse cx="32" cy="43" rx="11" ry="8.5" fill="#fde4b8" />
      <circle cx="23" cy="29" r="3" fill="#3f2a14" />
      <circle cx="41" cy="29" r="3" fill="#3f2a14" />
      <ellipse cx="32" cy="38.5" rx="4.5" ry="3.2" fill="#3f2a14" />
      <path d="M32 41.5v3.5m-5 .5c2.5 2.5 7.5 2.5 10 0" stroke="#3f2a14" strokeWidth="2" fill="none" strokeLinecap="round" />
    </svg>
  );
}
