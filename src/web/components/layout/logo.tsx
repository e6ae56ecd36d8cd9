/** The portal's mark: a parcel with a route arrow. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="shrink-0">
      <rect width="64" height="64" rx="14" fill="#0b5cab" />
      <path d="M14 24 32 15l18 9v18L32 51 14 42z" fill="#fff" />
      <path d="M14 24l18 9 18-9M32 33v18" stroke="#0b5cab" strokeWidth="3" fill="none" strokeLinejoin="round" />
      <path d="M23 19.5l18 9" stroke="#f5a524" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
