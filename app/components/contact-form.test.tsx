import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CampusContactForm, HomeContactForm } from "./contact-form";

const names = (html: string) => [...html.matchAll(/<(?:input|select|textarea)[^>]*name="([^"]+)"/g)].map((m) => m[1]);

describe("the contact forms", () => {
  it("home: posts to its result page without JavaScript, with its fields, wording and the honeypot", () => {
    const html = renderToString(<HomeContactForm />);
    expect(html).toMatch(/^<form[^>]* action="\/contact\/sent\?form=general" method="post">/);
    expect(names(html)).toEqual(["name", "email", "message", "botcheck"]);
    expect(html).toContain(">Your name<input");
    expect(html).toContain(">Send message</button>");
    expect(html).not.toContain('aria-hidden="true"><div class="h-full');
  });

  it("campus: its organisation fields between the e-mail and the message, the bar, its wording", () => {
    const html = renderToString(<CampusContactForm />);
    expect(html).toMatch(/^<form[^>]* action="\/contact\/sent\?form=campus" method="post">/);
    // The type field for "Others" sits in <noscript>: a browser running scripts shows it only when chosen.
    expect(names(html)).toEqual(["name", "email", "orgType", "orgName", "otherType", "message", "botcheck"]);
    expect(html).toContain(
      '<noscript class="block"><label class="block text-sm font-medium">Type of organisation (required when you chose Others)',
    );
    expect(html).toContain(">Full name<input");
    expect(html).toContain(">Submit</button>");
    expect(html).toContain('<div class="h-1 overflow-hidden rounded bg-slate-200" aria-hidden="true">');
  });
});
