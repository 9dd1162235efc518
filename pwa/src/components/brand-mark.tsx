/**
 * The brand's mark beside its name in the headers: the tab icon's drawing (public/favicon.svg),
 * drawn in the page rather than fetched as a picture. On a first visit over 2G the picture was a
 * request of its own (and a connection of six) before the first tap, for 314 bytes of drawing.
 */
export function BrandMark() {
  return (
    <svg viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0f5e9c" />
      <path d="M32 12l16 6v12c0 11-7 19-16 22-9-3-16-11-16-22V18z" fill="#fff" />
      <path d="M26 32l5 5 9-10" stroke="#0f5e9c" strokeWidth="4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
