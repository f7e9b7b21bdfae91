/**
 * The site's mark: a blue-over-yellow tile with a white globe ring (a community spread over
 * the world). Decorative next to the site name; public/icon.svg holds the same drawing.
 */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0057b7" />
      <path d="M0 16h32v8a8 8 0 0 1-8 8H8a8 8 0 0 1-8-8z" fill="#ffd500" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2" />
      <ellipse cx="16" cy="16" rx="4" ry="9" fill="none" stroke="#fff" strokeWidth="2" />
    </svg>
  );
}
