// Company facts in one place (PRODUCT.md section 5). This module may reach the browser, so it
// reads no environment at run time; a deployment overrides values with VITE_SITE_* at build time.
const env = (import.meta.env ?? {}) as Record<string, string | undefined>;

export type Site = {
  name: string;
  tagline: string;
  email: string;
  phone: string;
  country: string;
  origin: string;
  links: { github: string; linkedin: string; pypi: string };
  repos: { tubelearns: string; passivePass: string; ogresync: string; dirx: string };
  downloads: { dirxMac: string; dirxLinux: string };
  videos: { campusDemo: string };
};

export const site: Site = {
  name: env.VITE_SITE_NAME ?? "Oni Labs",
  tagline: "Offensive and defensive security consulting, and the software we build along the way.",
  email: env.VITE_SITE_EMAIL ?? "hello@onilabs.in",
  phone: env.VITE_SITE_PHONE ?? "+91 98765 43210",
  country: "India",
  // Canonical URLs and the sitemap use this origin; set VITE_SITE_ORIGIN for a real deployment.
  origin: (env.VITE_SITE_ORIGIN ?? "http://127.0.0.1:3000").replace(/\/$/, ""),
  links: {
    github: env.VITE_SITE_GITHUB ?? "https://github.com/onilabs",
    linkedin: env.VITE_SITE_LINKEDIN ?? "https://www.linkedin.com/company/onilabs",
    pypi: "https://pypi.org/project/tubelearns/",
  },
  repos: {
    tubelearns: "https://github.com/onilabs/tubelearns",
    passivePass: "https://github.com/onilabs/passive-pass",
    ogresync: "https://github.com/onilabs/ogresync",
    dirx: "https://github.com/onilabs/dirx",
  },
  downloads: {
    dirxMac: env.VITE_DIRX_MAC_URL ?? "https://github.com/onilabs/dirx/releases/latest/download/dirx-macos-arm64.tar.gz",
    dirxLinux: env.VITE_DIRX_LINUX_URL ?? "https://github.com/onilabs/dirx/releases/latest/download/dirx-linux-x86_64.tar.gz",
  },
  videos: { campusDemo: env.VITE_CAMPUS_VIDEO_ID ?? "dQw4w9WgXcQ" },
};
