import { Link } from "react-router";
import { CONTACT_MESSAGES } from "../../../contract/contact-messages";
import { PageHero, Prose } from "../../components/page-hero";
import type { Route } from "./+types/contact-sent";
import { submitContactForm } from "./contact-submit.server";

// A static page: the islands entry runs it, not React Router (decision 030).
export const handle = { islands: true };

export function meta() {
  return [{ title: "Your message" }, { name: "robots", content: "noindex" }];
}

export const action = ({ request, context }: Route.ActionArgs) => submitContactForm(request, context);

// Field names as the forms label them (app/components/contact-form.tsx), so an error
// says "Organisation type", not "orgType".
const FIELD_LABELS: Record<"general" | "campus", Record<string, string>> = {
  general: { name: "Your name", email: "E-mail address", message: "Message" },
  campus: {
    name: "Full name",
    email: "E-mail address",
    orgType: "Organisation type",
    orgName: "Organisation name",
    otherType: "Specify the type of organisation",
    message: "Message",
  },
};

/** Where the contact forms land when JavaScript is off. */
export default function ContactSent({ actionData }: Route.ComponentProps) {
  if (!actionData) {
    return (
      <>
        <PageHero title="Contact us" />
        <Prose><p>Messages are sent from the <Link className="text-sky-800 underline" to="/#contact">contact form on the home page</Link> or the <Link className="text-sky-800 underline" to="/products/educational/campus/contact">CAMPUS request form</Link>.</p></Prose>
      </>
    );
  }
  const campus = actionData.value?.kind === "campus";
  const title = actionData.ok
    ? campus ? CONTACT_MESSAGES.campusSuccess : CONTACT_MESSAGES.generalSuccess
    : campus ? CONTACT_MESSAGES.campusFailure : CONTACT_MESSAGES.generalFailure;
  const back = campus ? "/products/educational/campus/contact" : "/#contact";
  return (
    <>
      <PageHero title={title} />
      <Prose>
        {actionData.ok ? <p>Thank you. We read every message and answer within one working day.</p> : <p>{actionData.message}</p>}
        {!actionData.ok && Object.keys(actionData.errors).length ? (
          <ul className="list-disc pl-6">
            {Object.entries(actionData.errors).map(([field, text]) => <li key={field}>{FIELD_LABELS[campus ? "campus" : "general"][field] ?? field}: {text}</li>)}
          </ul>
        ) : null}
        <p><Link className="text-sky-800 underline" to={back}>{actionData.ok ? "Back" : "Go back and try again"}</Link></p>
      </Prose>
    </>
  );
}
