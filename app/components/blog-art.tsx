import type { BlogCard } from "../content/blog";

const palette: Record<BlogCard["image"], [string, string]> = {
  ai: ["#1e3a8a", "#60a5fa"],
  slides: ["#7c2d12", "#fb923c"],
  intern: ["#14532d", "#4ade80"],
  shop: ["#701a75", "#e879f9"],
  design: ["#831843", "#f472b6"],
  backend: ["#0f172a", "#38bdf8"],
  frontend: ["#164e63", "#22d3ee"],
  mobile: ["#3f6212", "#a3e635"],
  launch: ["#312e81", "#a5b4fc"],
};

/** A self-drawn card image: abstract shapes in the article's colours. */
export function BlogArt({ kind }: { kind: BlogCard["image"] }) {
  const [dark, light] = palette[kind];
  return (
    <svg viewBox="0 0 320 160" className="h-40 w-full" aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid slice">
      <rect width="320" height="160" fill={dark} />
      <circle cx="250" cy="40" r="70" fill={light} opacity="0.35" />
      <rect x="40" y="50" width="120" height="70" rx="10" fill={light} opacity="0.8" />
      <path d="M55 70h80M55 85h60M55 100h70" stroke={dark} strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
