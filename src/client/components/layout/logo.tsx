export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="#fef3c7" />
      <path d="M32 52V30" stroke="#15803d" strokeWidth="4" strokeLinecap="round" />
      <path d="M32 32c-2-10-10-14-18-12 1 9 8 14 18 12Z" fill="#22c55e" />
      <path d="M32 28c2-10 10-14 18-12-1 9-8 14-18 12Z" fill="#16a34a" />
    </svg>
  );
}
