/**
 * A self-drawn poster; the privacy-enhanced player loads only after a click (nothing third-party at
 * page load). The click is handled by the page's behaviour (behaviours/video-poster.ts).
 */
export function VideoPoster({ videoId, title }: { videoId: string; title: string }) {
  return (
    <button
      type="button"
      data-video-id={videoId}
      data-video-title={title}
      className="group relative block aspect-video w-full overflow-hidden rounded-xl bg-blue-950 text-white"
    >
      <ScreenArt className="absolute inset-0 h-full w-full">
        <circle cx="80" cy="45" r="14" fill="#fff" opacity="0.95" />
        <path d="m75 38 13 7-13 7Z" fill="#1d4ed8" />
      </ScreenArt>
      <span className="absolute bottom-3 left-3 rounded bg-black/70 px-2 py-1 text-sm">Play video: {title}</span>
    </button>
  );
}

/** A drawn CAMPUS screen: the poster's background, and on its own where no video is configured. */
function ScreenArt({ className, children }: { className: string; children?: React.ReactNode }) {
  return (
    <svg viewBox="0 0 160 90" className={className} aria-hidden="true" preserveAspectRatio="xMidYMid slice">
      <rect width="160" height="90" fill="#172554" />
      <rect x="12" y="12" width="40" height="66" rx="3" fill="#1e3a8a" />
      <rect x="60" y="12" width="88" height="30" rx="3" fill="#1e40af" />
      <rect x="60" y="48" width="42" height="30" rx="3" fill="#1d4ed8" />
      <rect x="106" y="48" width="42" height="30" rx="3" fill="#2563eb" />
      {children}
    </svg>
  );
}

/** Shown instead of a player when this deployment has no video for a documentation entry. */
export function ScreenIllustration() {
  return <ScreenArt className="aspect-video w-full rounded-xl" />;
}
