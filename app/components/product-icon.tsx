import type { ProductIcon as IconName } from "../content/products";

// Self-drawn product icons: one 48x48 viewBox each, decorative (the product name is next to it).
const paths: Record<IconName, React.ReactNode> = {
  scanner: (
    <>
      <rect x="6" y="8" width="36" height="28" rx="4" fill="#0f172a" />
      <path d="M12 16h10M12 22h16M12 28h8" stroke="#38bdf8" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="34" cy="34" r="7" fill="none" stroke="#f97316" strokeWidth="3" />
      <path d="m39 39 5 5" stroke="#f97316" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  wordlist: (
    <>
      <rect x="8" y="20" width="32" height="22" rx="4" fill="#0f172a" />
      <path d="M15 20v-6a9 9 0 0 1 18 0v6" fill="none" stroke="#0f172a" strokeWidth="4" />
      <path d="M15 31h2m4 0h2m4 0h2m4 0h2" stroke="#facc15" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  network: (
    <>
      <path d="M24 10 10 36h28Z" fill="none" stroke="#0f172a" strokeWidth="2.5" />
      <circle cx="24" cy="10" r="6" fill="#22c55e" />
      <circle cx="10" cy="36" r="6" fill="#0ea5e9" />
      <circle cx="38" cy="36" r="6" fill="#ef4444" />
    </>
  ),
  campus: (
    <>
      <path d="M4 18 24 8l20 10-20 10Z" fill="#1d4ed8" />
      <path d="M12 23v10c0 3 6 6 12 6s12-3 12-6V23l-12 6Z" fill="#3b82f6" />
      <path d="M42 19v12" stroke="#1d4ed8" strokeWidth="2.5" />
    </>
  ),
  master: (
    <>
      <circle cx="18" cy="16" r="7" fill="#7c3aed" />
      <path d="M6 40c0-8 5-13 12-13s12 5 12 13Z" fill="#7c3aed" />
      <circle cx="34" cy="20" r="5" fill="#c4b5fd" />
      <path d="M26 40c0-6 3-10 8-10s8 4 8 10Z" fill="#c4b5fd" />
    </>
  ),
  tubelearns: (
    <>
      <rect x="4" y="10" width="40" height="28" rx="8" fill="#dc2626" />
      <path d="m20 17 12 7-12 7Z" fill="#fff" />
    </>
  ),
  sync: (
    <>
      <path d="M36 18a13 13 0 0 0-24-2" fill="none" stroke="#059669" strokeWidth="3.5" strokeLinecap="round" />
      <path d="m10 9 2 7 7-2" fill="none" stroke="#059669" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M12 30a13 13 0 0 0 24 2" fill="none" stroke="#0f766e" strokeWidth="3.5" strokeLinecap="round" />
      <path d="m38 39-2-7-7 2" fill="none" stroke="#0f766e" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
};

export function ProductIcon({ name, className = "h-10 w-10" }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      {paths[name]}
    </svg>
  );
}
