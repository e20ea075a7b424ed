/** Self-drawn hero illustration: a shield over a network of nodes. */
export function HeroArt() {
  return (
    <svg viewBox="0 0 320 260" className="h-auto w-full max-w-sm" aria-hidden="true" focusable="false">
      <g stroke="#38bdf8" strokeOpacity="0.5" strokeWidth="2">
        <path
          d="M30 60 110 30 210 50 290 30M30 60 70 150 30 230M290 30 270 140 300 220M70 150 160 130 270 140M30 230 160 240 300 220"
          fill="none"
        />
      </g>
      {[
        [30, 60],
        [110, 30],
        [210, 50],
        [290, 30],
        [70, 150],
        [270, 140],
        [30, 230],
        [160, 240],
        [300, 220],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="7" fill="#0ea5e9" />
      ))}
      <path d="M160 55 100 80v45c0 40 26 70 60 82 34-12 60-42 60-82V80Z" fill="#0c4a6e" stroke="#7dd3fc" strokeWidth="4" />
      <path d="m132 130 20 20 38-42" fill="none" stroke="#4ade80" strokeWidth="10" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
