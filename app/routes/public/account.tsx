import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { LicenceDownloads } from "../../components/account/licence-downloads";
import { LicencePanel } from "../../components/account/licence-panel";
import { PageHero, Prose } from "../../components/page-hero";
import { formatInr } from "../../lib/money";
import type { Route } from "./+types/account";
import { loadAccount, submitAccount } from "./account.server";
import { formatDate, formatDay } from "../../../contract/time";
import { QuestEntries } from "../../components/account/quest-entries";

export function meta() {
  return [{ title: "Your account" }, { name: "robots", content: "noindex" }];
}
export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" });

export const loader = ({ request, context }: Route.LoaderArgs) => loadAccount(request, context);
export const action = ({ request, context }: Route.ActionArgs) => submitAccount(request, context);

const KIND = { invoice: "Invoice", credit_note: "Credit note" } as const;

/** An order's invoice and credit notes, each as a page and as PDF (plain links: they are documents, not app pages). */
function OrderDocuments({ documents }: { documents: Route.ComponentProps["loaderData"]["documents"] }) {
  if (documents.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm" aria-label="Invoices and credit notes">
      {documents.map((d) => {
        const href = `/account/invoices/${encodeURIComponent(d.number)}`;
        const label = `${KIND[d.kind]} ${d.number}`;
        return (
          <li key={d.number}>
            <a href={href} className="font-semibold text-sky-800 underline">
              {label}
            </a>{" "}
            <span className="text-slate-700">of {formatDay(d.date)}</span> ·{" "}
            <a href={`${href}/pdf`} className="text-sky-800 underline" aria-label={`${label} as PDF`}>
              PDF
            </a>
          </li>
        );
      })}
    </ul>
  );
}

const day = (iso: string | null) => (iso ? formatDate(iso) : "");

/** /account: the customer's orders, licence keys, machines and downloads. Every button is a plain form post. */
export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { name, email, orders, builds, documents, quests } = loaderData;
  const shown = actionData?.value;
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (actionData && !actionData.ok) errorRef.current?.focus();
  }, [actionData]);
  return (
    <>
      <PageHero eyebrow="Your account" title={`Hello ${name}`}>
        {email}
      </PageHero>
      <Prose>
        <Form method="post" className="flex justify-end">
          <button type="submit" name="intent" value="sign-out" className="text-sm text-sky-800 underline">
            Sign out
          </button>
        </Form>
        <div aria-live="polite" data-testid="account-result">
          {actionData?.ok && actionData.message ? <p className="rounded-lg border border-green-300 bg-green-50 p-3">{actionData.message}</p> : null}
          {actionData && !actionData.ok ? (
            <p ref={errorRef} tabIndex={-1} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
              {actionData.message}
            </p>
          ) : null}
        </div>
        <h2 className="text-xl font-bold">Your orders</h2>
        {orders.length === 0 ? <p>No orders yet.</p> : null}
        <ul className="space-y-4" aria-label="Orders">
          {orders.map((o) => (
            <li key={o.order_id} id={`order-${o.order_id}`} className="scroll-mt-4 rounded-lg border border-slate-300 bg-slate-50 p-4" data-testid={`order-${o.order_id}`}>
              <h3 className="text-lg font-bold">
                {o.product_name} {o.version}
              </h3>
              <p className="text-sm text-slate-700">
                Order #{o.order_id} · {formatInr(o.total)} · paid {day(o.paid_at)} · {o.pay_id ?? "no payment needed"} · {o.status}
                {o.refunded > 0 ? <span data-testid="order-refunded"> · refunded {formatInr(o.refunded)}</span> : null}
              </p>
              <OrderDocuments documents={documents.filter((d) => d.order_id === o.order_id)} />
              <Form method="post" className="mt-2">
                <input type="hidden" name="order" value={o.order_id} />
                <button type="submit" name="intent" value="receipt" className="rounded border border-slate-400 px-3 py-1 text-sm font-semibold hover:bg-slate-100">
                  Resend receipt
                </button>
              </Form>
              {o.licence ? (
                <LicencePanel
                  licence={o.licence}
                  revealedKey={shown?.revealed?.licenceId === o.licence.id ? shown.revealed.key : undefined}
                  licenceFile={shown?.licenceFile?.licenceId === o.licence.id ? shown.licenceFile : undefined}
                />
              ) : null}
              {o.licence ? <LicenceDownloads productId={o.product_id} licenceId={o.licence.id} builds={builds[o.licence.id] ?? []} /> : null}
            </li>
          ))}
        </ul>
        <h2 className="text-xl font-bold">Quests</h2>
        <QuestEntries quests={quests} orders={orders} />
      </Prose>
    </>
  );
}
