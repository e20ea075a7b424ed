export type ProductIcon = "scanner" | "wordlist" | "network" | "campus" | "master" | "tubelearns" | "sync";
export type ProductEntry = { name: string; description: string; link: string; icon: ProductIcon; category: string };

/** The landing product listing: two columns. */
export const cyberProducts: ProductEntry[] = [
  {
    name: "dirx",
    category: "Web-tools",
    icon: "scanner",
    link: "/products/cyber/webtools/dirx",
    description: "Directory scanner that finds hidden paths, forgotten backups and admin panels on web servers.",
  },
  {
    name: "Passive Pass",
    category: "Wordlist",
    icon: "wordlist",
    link: "/products/opensource/brute-force",
    description: "GUI password wordlist generator for authorised security assessments.",
  },
  {
    name: "Network Pentest Kit",
    category: "Automation",
    icon: "network",
    link: "/tools",
    description: "Automates host discovery, service enumeration and reporting for network penetration tests.",
  },
];

export const otherProducts: ProductEntry[] = [
  {
    name: "CAMPUS",
    category: "Education",
    icon: "campus",
    link: "/products/educational/campus",
    description: "Student information platform with real-time data for universities and schools.",
  },
  {
    name: "MASTER",
    category: "Education",
    icon: "master",
    link: "/products/educational/master",
    description: "Mentorship assistance for training, evaluation and results.",
  },
  {
    name: "TubeLearns",
    category: "Open Source",
    icon: "tubelearns",
    link: "/products/opensource/tubelearns",
    description: "Python module that extracts and cleans YouTube transcripts into NLP datasets.",
  },
  {
    name: "OgreSync",
    category: "Open Source",
    icon: "sync",
    link: "/products/opensource/ogresync",
    description: "Keeps a notes vault in sync with a code hosting service over Git and SSH.",
  },
];

export type MenuCategory = "open" | "edu" | "security";
export const megaMenu: {
  id: MenuCategory;
  label: string;
  /** releases: the store's product id, whose release notes (/releases/:productId) the menu links to. */
  items: { name: string; path: string; description: string; icon: ProductIcon; releases?: string }[];
}[] = [
  {
    id: "open",
    label: "Open Source Projects",
    items: [
      {
        name: "TubeLearns",
        path: "/products/opensource/tubelearns",
        releases: "tubelearns",
        icon: "tubelearns",
        description: "Collect NLP data from YouTube transcripts into clean datasets.",
      },
      {
        name: "Passive Pass",
        path: "/products/opensource/brute-force",
        releases: "passive-pass",
        icon: "wordlist",
        description: "Generate probable password lists for auditing and testing.",
      },
    ],
  },
  {
    id: "edu",
    label: "Education",
    items: [
      {
        name: "CAMPUS",
        path: "/products/educational/campus",
        releases: "campus",
        icon: "campus",
        description: "Academic management platform for universities and schools.",
      },
      {
        name: "MASTER",
        path: "/products/educational/master",
        releases: "master",
        icon: "master",
        description: "AI-powered mentoring for universities and colleges.",
      },
    ],
  },
  {
    // The store's product: a visitor finds it where the README's walkthrough sends them.
    id: "security",
    label: "Security Tools",
    items: [
      {
        name: "dirx",
        path: "/products/cyber/webtools/dirx",
        releases: "dirx",
        icon: "scanner",
        description: "Find the hidden paths, forgotten backups and admin panels of a web server.",
      },
    ],
  },
];
