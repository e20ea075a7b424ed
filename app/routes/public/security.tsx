import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { SECURITY_REPORT_LIMITS } from "../../../contract/security";
import { fieldClass } from "../../components/form-styles";
import { Honeypot } from "../../components/honeypot";
import { PageHero, Prose } from "../../components/page-hero";
import { site } from "../../site";
import type { Route } from "./+types/security";
import { loadSecurityPage, submitSecurityReport } from "./security.server";

export function meta() {
  return [
    { title: `Security and vulnerability disclosure | ${site.name}` },
    { name: "description", content: `How to report a vulnerability in ${site.name}'s site or products, and what we promise in return.` },
    { tagName: "link", rel: "canonical", href: `${site.origin}/security` },
  ];
}

export const loader = ({ context }: Route.LoaderArgs) => loadSecurityPage(context);
export const action = ({ request, context }: Route.ActionArgs) => submitSecurityReport(request, context);

const FIELD_LABELS: Record<string, string> = {
  name: "Your name",
  email: "E-mail address",
  title: "Title",
  details: "Details",
  product_id: "Product",
  version: "Version",
};

const heading = "text-2xl font-bold text-slate-900";
const link = "text-sky-800 underline";

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="mt-1 text-sm text-red-800">
      {text}
    </p>
  ) : null;
}

/** /security: the disclosure policy, and the report form below it (a plain post: works without JavaScript). */
export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData) outcomeRef.current?.focus();
  }, [actionData]);
  const errors = actionData?.ok === false ? actionData.errors : {};
  const values = actionData?.ok === false ? (actionData.value ?? {}) : {};
  const described = (name: string) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {});
  return (
    <>
      <PageHero eyebrow="Security" title="Report a vulnerability">
        <p>We build security tools, so we want to hear about the holes in ours. This is how to tell us, and what we do next.</p>
      </PageHero>
      <Prose>
        <section aria-labelledby="scope">
          <h2 id="scope" className={heading}>
            What is in scope
          </h2>
          <p className="mt-3">
            This website ({site.origin.replace(/^https?:\/\//, "")}), including the store, the customer account and the download links
            {loaderData.products.length ? ", and every product we publish:" : "."}
          </p>
          {loaderData.products.length ? (
            <ul className="mt-2 list-disc pl-6" data-testid="security-scope">
              {loaderData.products.map((p) => (
                <li key={p.id}>{p.name}</li>
              ))}
            </ul>
          ) : null}
          <p className="mt-3">
            Out of scope: reports from automated scanners without a working proof, missing headers with no shown impact, denial of service by volume, social
            engineering of our staff, and the services we rent (our mail and payment providers have their own programmes).
          </p>
        </section>
        <section aria-labelledby="how">
          <h2 id="how" className={heading}>
            How to report
          </h2>
          <p className="mt-3">
            Use the form below, or mail <a className={link} href={`mailto:${loaderData.contact}`}>{loaderData.contact}</a>, encrypted if you like with{" "}
            <a className={link} href="/.well-known/openpgp-key.asc">
              our OpenPGP key
            </a>{" "}
            (the same key signs our <a className={link} href="/.well-known/security.txt">security.txt</a>). Tell us what is affected, the version, the steps
            to reproduce it and what an attacker gains. One issue per report helps us fix each one faster.
          </p>
        </section>
        <section aria-labelledby="promise">
          <h2 id="promise" className={heading}>
            What we promise
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-6">
            <li>A first answer from a person within 3 working days.</li>
            <li>A triage verdict within 10 working days: whether we can reproduce it, and how severe we rate it.</li>
            <li>
              A fix plan by severity: critical issues are worked on at once and fixed within 7 days, high within 30, medium within 60, low with the next
              release. If we cannot keep a date, we tell you why and give a new one.
            </li>
            <li>Status updates on your report's own page, linked from the mail we send you, until it is fixed or closed.</li>
            <li>
              Credit, if you want it, on <Link className={link} to="/security/thanks">our thanks page</Link> once the issue is fixed.
            </li>
            <li>
              A public <Link className={link} to="/security/advisories">security advisory</Link> for each fixed vulnerability in a product, mailed to
              the holders of an affected version and listed by the tools' update check.
            </li>
          </ul>
        </section>
        <section aria-labelledby="harbour">
          <h2 id="harbour" className={heading}>
            Safe harbour
          </h2>
          <p className="mt-3">
            If you research in good faith and follow this policy, we will not take legal action against you or report you to the authorities, and we consider
            your work authorised. If a third party takes action against you for research that followed this policy, we will make it known that you acted
            with our permission.
          </p>
        </section>
        <section aria-labelledby="ask">
          <h2 id="ask" className={heading}>
            What we ask of you
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-6">
            <li>Do not destroy or change data, and do not degrade the service for others.</li>
            <li>Do not access, keep or share other people's personal data: stop at the first proof, and tell us what you saw.</li>
            <li>Use only accounts you own or that the account holder allowed you to use.</li>
            <li>Give us time to fix the issue before you publish it: 90 days, or until the fix is released, whichever comes first.</li>
          </ul>
        </section>
        <section aria-labelledby="report-form">
          <h2 id="report-form" className={heading}>
            Send a report
          </h2>
          <div ref={outcomeRef} tabIndex={-1} aria-live="polite" className="mt-3">
            {actionData?.ok ? (
              <p className="rounded-lg border border-emerald-400 bg-emerald-50 p-3" data-testid="report-sent">
                {actionData.message}
              </p>
            ) : actionData ? (
              <div className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900" role="alert">
                <p>{actionData.message}</p>
                {Object.keys(errors).length ? (
                  <ul className="mt-1 list-disc pl-6">
                    {Object.entries(errors).map(([field, text]) => (
                      <li key={field}>
                        {FIELD_LABELS[field] ?? field}: {text}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : null}
          </div>
          <Form method="post" className="mt-4 max-w-2xl space-y-4" key={actionData?.ok ? "sent" : "open"}>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="report-name" className="block text-sm font-medium">
                  Your name (optional)
                </label>
                <input id="report-name" name="name" type="text" autoComplete="name" maxLength={200} defaultValue={values.name} className={fieldClass} {...described("name")} />
                <FieldError id="name-error" text={errors.name} />
              </div>
              <div>
                <label htmlFor="report-email" className="block text-sm font-medium">
                  E-mail address
                </label>
                <input
                  id="report-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  defaultValue={values.email}
                  className={fieldClass}
                  {...described("email")}
                />
                <FieldError id="email-error" text={errors.email} />
              </div>
            </div>
            <div>
              <label htmlFor="report-title" className="block text-sm font-medium">
                Title
              </label>
              <input
                id="report-title"
                name="title"
                type="text"
                required
                maxLength={SECURITY_REPORT_LIMITS.title}
                defaultValue={values.title}
                className={fieldClass}
                {...described("title")}
              />
              <FieldError id="title-error" text={errors.title} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="report-product" className="block text-sm font-medium">
                  Product
                </label>
                <select id="report-product" name="product_id" defaultValue={values.product_id ?? ""} className={fieldClass} {...described("product_id")}>
                  <option value="">This website, or not sure</option>
                  {loaderData.products.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
                <FieldError id="product_id-error" text={errors.product_id} />
              </div>
              <div>
                <label htmlFor="report-version" className="block text-sm font-medium">
                  Version (optional)
                </label>
                <input id="report-version" name="version" type="text" maxLength={50} defaultValue={values.version} className={fieldClass} {...described("version")} />
                <FieldError id="version-error" text={errors.version} />
              </div>
            </div>
            <div>
              <label htmlFor="report-details" className="block text-sm font-medium">
                Details: what is affected, the steps to reproduce it, and the impact
              </label>
              <textarea
                id="report-details"
                name="details"
                rows={10}
                required
                maxLength={SECURITY_REPORT_LIMITS.details}
                defaultValue={values.details}
                className={fieldClass}
                {...described("details")}
              />
              <FieldError id="details-error" text={errors.details} />
            </div>
            <div className="flex items-start gap-2">
              <input id="report-credit" name="credit" type="checkbox" defaultChecked={values.credit === "on"} className="mt-1 h-5 w-5" />
              <label htmlFor="report-credit" className="text-sm">
                Credit me publicly under the name above on the thanks page once the issue is fixed.
              </label>
            </div>
            <Honeypot />
            <button type="submit" disabled={busy} className="rounded-lg bg-sky-700 px-5 py-2.5 font-semibold text-white hover:bg-sky-800 disabled:opacity-60">
              {busy ? "Sending..." : "Send report"}
            </button>
            <p className="text-sm text-slate-700">The report is seen only by our security team. We mail you a link to follow it.</p>
          </Form>
        </section>
      </Prose>
    </>
  );
}
