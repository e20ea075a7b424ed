export type BlogCard = {
  title: string;
  content: string;
  image: "ai" | "slides" | "intern" | "shop" | "design" | "backend" | "frontend" | "mobile" | "launch";
};

/** Nine article cards (SPEC.md section 2, Blogs page). Links are placeholders in the spec. */
export const blogCards: BlogCard[] = [
  {
    image: "ai",
    title: "Building an AI learning-management system",
    content:
      "How we combine course data, quiz results and mentor notes so that a learning platform can suggest the next step for each student.",
  },
  {
    image: "slides",
    title: "Real-time slide generation from speech",
    content:
      "Turning a live lecture into structured slides as the speaker talks: speech recognition, topic segmentation and layout in under a second.",
  },
  {
    image: "intern",
    title: "Summer internship 2024: real-time projects",
    content: "Our interns shipped production features in eight weeks. What they built, what they learned and how we mentor them.",
  },
  {
    image: "shop",
    title: "Ecommerce websites and apps that convert",
    content: "Fast catalogues, honest checkout flows and secure payments: the checklist we follow for every store we build.",
  },
  {
    image: "design",
    title: "UI/UX design that users understand",
    content: "Research first, then wireframes, then pixels. Why accessible design is also better business.",
  },
  {
    image: "backend",
    title: "Backend development done carefully",
    content: "Validated inputs, indexed queries and least privilege: the habits that keep an API fast and safe under load.",
  },
  {
    image: "frontend",
    title: "Front-end development for every screen",
    content: "Server-rendered pages, small bundles and keyboard support from 360-pixel phones to wide monitors.",
  },
  {
    image: "mobile",
    title: "Cross-platform app development",
    content: "One codebase for Android and iOS without giving up native feel: when it works and when it does not.",
  },
  {
    image: "launch",
    title: "A new application and website for a multi-solutions client",
    content: "From discovery workshop to launch: how we rebuilt a client's web presence and field-service app together.",
  },
];
