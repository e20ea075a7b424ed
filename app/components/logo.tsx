/** The company mark: a shield with a keyhole, self-drawn. */
export function Logo({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <path d="M16 2 4 7v8c0 7.5 5 13 12 15 7-2 12-7.5 12-15V7Z" fill="#0c4a6e" />
      <circle cx="16" cy="14" r="4" fill="#38bdf8" />
      <path d="M14.5 16h3l1 7h-5Z" fill="#38bdf8" />
    </svg>
  );
}
