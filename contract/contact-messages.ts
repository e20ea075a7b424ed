// Plain constants of the contact forms, kept free of zod so public pages do not ship the
// validation library just to show a toast (about 25 KB gzip on the home page).
/** The site's contact forms: the home page's ("general") and the CAMPUS request. */
export type ContactFormKind = "general" | "campus";

export const ORG_TYPES = ["institution", "university", "school", "others"] as const;

export const CONTACT_MESSAGES = {
  generalSuccess: "Message sent successfully",
  generalFailure: "Failed to send message",
  campusSuccess: "Contact form submitted successfully!",
  campusFailure: "Failed to submit the form. Please try again.",
} as const;
