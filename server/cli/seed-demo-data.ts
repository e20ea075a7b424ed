import type { ExternalDependency, PythonPackage } from "../platform/db/schema";

type DemoVersion = {
  version: string;
  os: string[];
  ram: string;
  gpu: string;
  processor: string;
  storage: string;
  network: string;
  amountMinor: number;
  /** Left for sale after seeding (every priced version is for sale while the demo orders are made). */
  forSale?: boolean;
  licenceTermMonths?: number;
  features: string[];
  external: ExternalDependency[];
  python: PythonPackage[];
  patches: { patchVersion: string; features: string[] }[];
};

const desktop = {
  ram: "4 GB",
  gpu: "Not required",
  processor: "64-bit dual core, x86_64 or Apple Silicon",
  storage: "150 MB",
  network: "Internet for updates",
};
const server = { ram: "16 GB", gpu: "Not required", processor: "4 vCPU, x86_64", storage: "50 GB SSD", network: "Public HTTPS endpoint" };
const python = (...names: string[]): PythonPackage[] => names.map((n) => ({ name: n.split("@")[0], version: n.split("@")[1] ?? "" }));

/** The company's real products, with plausible versions and requirements. */
export const DEMO_PRODUCTS: { id: string; name: string; versions: DemoVersion[] }[] = [
  {
    id: "dirx",
    name: "dirx",
    versions: [
      {
        version: "1.0",
        os: ["mac", "linux"],
        ...desktop,
        amountMinor: 2999,
        // One-month licences, so the oldest demo orders have expired.
        licenceTermMonths: 1,
        features: ["Directory brute force", "Spider mode", "Query search"],
        external: [],
        python: [],
        patches: [
          { patchVersion: "1.0.1", features: ["Stop button answers on the first click"] },
          { patchVersion: "1.0.2", features: ["Fewer false positives on soft 404 pages"] },
        ],
      },
      {
        version: "1.1",
        os: ["mac", "linux"],
        ...desktop,
        amountMinor: 3499,
        features: ["Custom wordlists", "Rate limiting", "CSV export"],
        external: [],
        python: [],
        patches: [{ patchVersion: "1.1.1", features: ["Faster spidering of large sites"] }],
      },
      {
        version: "2.0",
        os: ["windows", "mac", "linux"],
        ...desktop,
        amountMinor: 149_900,
        // What a new clone's `npm start` sells in test mode (the embedded payment provider).
        forSale: true,
        features: ["Windows build", "Recursive scans", "Proxy support"],
        external: [],
        python: [],
        patches: [],
      },
    ],
  },
  {
    id: "passive-pass",
    name: "Passive Pass",
    versions: [
      {
        version: "1.0",
        os: ["windows", "linux", "mac"],
        ...desktop,
        amountMinor: 999,
        features: ["Wordlists from target profiles", "Leetspeak variants"],
        external: [],
        python: python("tkinter"),
        patches: [{ patchVersion: "1.0.1", features: ["Unicode names"] }],
      },
      {
        version: "1.5",
        os: ["windows", "linux", "mac"],
        ...desktop,
        amountMinor: 1499,
        features: ["Date and keyword mixing", "Size estimate before generating"],
        external: [],
        python: python("tkinter"),
        patches: [],
      },
    ],
  },
  {
    id: "campus",
    name: "CAMPUS",
    versions: [
      {
        version: "1.0",
        os: ["linux"],
        ...server,
        amountMinor: 499900,
        features: ["Student management", "Course management", "Fees management"],
        external: [{ name: "PostgreSQL", os: "linux", link: "https://www.postgresql.org", version: "16" }],
        python: [],
        patches: [
          { patchVersion: "1.0.1", features: ["Timetable export"] },
          { patchVersion: "1.0.2", features: ["Leave balance fix"] },
        ],
      },
      {
        version: "2.0",
        os: ["linux"],
        ...server,
        amountMinor: 599900,
        features: ["Performance analytics", "Transport", "Mentor allocation"],
        external: [
          { name: "PostgreSQL", os: "linux", link: "https://www.postgresql.org", version: "16" },
          { name: "Redis", os: "linux", link: "https://redis.io", version: "7.2" },
        ],
        python: [],
        patches: [],
      },
    ],
  },
  {
    id: "master",
    name: "MASTER",
    versions: [
      {
        version: "1.0",
        os: ["linux"],
        ...server,
        gpu: "NVIDIA T4 or better",
        amountMinor: 299900,
        features: ["Personalised mentoring", "Progress monitoring", "Insights"],
        external: [{ name: "CUDA", os: "linux", link: "https://developer.nvidia.com/cuda-toolkit", version: "12.4" }],
        python: python("torch@2.3", "transformers@4.41"),
        patches: [{ patchVersion: "1.0.1", features: ["Faster mentor reports"] }],
      },
    ],
  },
  {
    id: "tubelearns",
    name: "TubeLearns",
    versions: [
      {
        version: "0.9",
        os: ["windows", "linux", "mac"],
        ...desktop,
        amountMinor: 0,
        features: ["Transcript extraction", "Dataset export"],
        external: [],
        python: python("youtube-transcript-api@0.6", "pandas@2.2"),
        patches: [],
      },
      {
        version: "1.0",
        os: ["windows", "linux", "mac"],
        ...desktop,
        amountMinor: 499,
        features: ["Customizable query parameters", "Data enrichment"],
        external: [],
        python: python("youtube-transcript-api@0.6", "pandas@2.2", "nltk@3.8"),
        patches: [{ patchVersion: "1.0.1", features: ["Handles videos without captions"] }],
      },
    ],
  },
  {
    id: "ogresync",
    name: "Ogresync",
    versions: [
      {
        version: "1.0",
        os: ["windows", "linux", "mac"],
        ...desktop,
        amountMinor: 499,
        features: ["Vault sync over Git and SSH", "Conflict resolution"],
        external: [{ name: "Git", os: "all", link: "https://git-scm.com", version: "2.40" }],
        python: python("pexpect@4.9"),
        patches: [{ patchVersion: "1.0.1", features: ["SSH key setup wizard"] }],
      },
    ],
  },
];

export const DEMO_QUESTS = [
  {
    title: "Find the hidden admin path",
    description: "Run dirx against the practice target.\\nReport the path that answers 200.",
    prize: "$12",
  },
  {
    title: "Crack the demo hash",
    description: "Generate a Passive Pass wordlist for the given profile.\\nSubmit the matching password.",
    prize: "$20",
  },
  { title: "Sync a vault", description: "Set up Ogresync with a fresh SSH key.\\nPush one note and share the commit id.", prize: "$8" },
  {
    title: "Build a transcript dataset",
    description: "Use TubeLearns to collect ten transcripts on one topic.\\nShare the CSV.",
    prize: "$15",
  },
];

export const DEMO_MESSAGES = [
  {
    source: "general" as const,
    name: "Priya Raman",
    email: "priya.raman@example.com",
    message: "We need a web application penetration test before our launch next month. Can you share a quote?",
  },
  {
    source: "campus" as const,
    name: "Dr. Arjun Mehta",
    email: "registrar@example.edu",
    orgType: "university",
    orgName: "Example University",
    message: "Please arrange a CAMPUS demo for our administration team.",
  },
  {
    source: "general" as const,
    name: "Kiran Das",
    email: "kiran.das@example.org",
    message: "Is DirX available with a site licence for our security team?",
  },
];

export const FIRST_NAMES = [
  "Aarav",
  "Diya",
  "Ishaan",
  "Ananya",
  "Vihaan",
  "Saanvi",
  "Arjun",
  "Meera",
  "Kabir",
  "Nisha",
  "Rohan",
  "Kavya",
  "Aditya",
  "Pooja",
  "Siddharth",
  "Lakshmi",
  "Rahul",
  "Fatima",
  "Joseph",
  "Sneha",
];
export const LAST_NAMES = ["Sharma", "Iyer", "Khan", "Reddy", "Nair", "Patel", "Das", "Menon", "Singh", "Fernandes"];
