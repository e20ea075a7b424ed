import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "../../../contract/time";
import { AdvisoryForm } from "../../components/admin/advisory-form";
import { buttonClass, secondaryButtonClass } from "../../components/admin/form-field";
import type { Route } from "./+types/advisory-edit";
import { advisoryAction, advisoryLoader } from "./advisories.server";

export const loader = ({ request, params, context }: Route.LoaderArgs) => advisoryLoader(params.id, request, context);
export const action = ({ request, params, context }: Route.ActionArgs) => advisoryAction(params.id, request, context);

/** /dashboard/advisories/:id: edit an advisory, publish a draft, withdraw a published one. */
export default function AdvisoryEdit({ loaderData: { advisory: a, products }, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const outcome = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (actionData && (actionData.ok || !Object.keys(actionData.errors).length)) outcome.current?.focus();
  }, [actionData]);
  const fieldErrors = actionData && !actionData.ok && Object.keys(actionData.errors).length > 0;
  return (
    <>
      <title>{`${a.id} | Advisories | Admin`}</title>
      <p className="text-sm">
        <Link to="/dashboard/advisories" className="text-blue-800 underline">
          Advisories
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold break-words">
        <span className="font-mono">{a.id}</span>: {a.title}
      </h1>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Status</dt>
        <dd data-testid="advisory-status">{a.status}</dd>
        <dt className="font-semibold">Severity</dt>
        <dd>
          {a.severity} (CVSS {a.score})
        </dd>
        <dt className="font-semibold">Changed</dt>
        <dd>{formatDateTime(a.modifiedAt)}</dd>
        {a.publishedAt ? (
          <>
            <dt className="font-semibold">Published</dt>
            <dd>{formatDateTime(a.publishedAt)}</dd>
          </>
        ) : null}
        {a.withdrawnAt ? (
          <>
            <dt className="font-semibold">Withdrawn</dt>
            <dd>{formatDateTime(a.withdrawnAt)}</dd>
          </>
        ) : null}
      </dl>
      <p
        ref={outcome}
        tabIndex={-1}
        role={actionData && !actionData.ok ? "alert" : "status"}
        className={`mt-3 text-sm ${actionData?.ok ? "text-green-800" : "text-red-700"}`}
      >
        {actionData && !fieldErrors ? actionData.message : ""}
      </p>
      {a.status !== "withdrawn" ? (
        <Form method="post" className="mt-3 flex flex-wrap gap-3">
          {a.status === "draft" ? (
            <button type="submit" name="intent" value="publish" className={buttonClass} disabled={busy}>
              Publish and mail the affected licence holders
            </button>
          ) : (
            <>
              <Link to={`/security/advisories/${a.id}`} className="self-center text-blue-800 underline">
                See it published
              </Link>
              <button type="submit" name="intent" value="withdraw" className={secondaryButtonClass} disabled={busy}>
                Withdraw
              </button>
            </>
          )}
        </Form>
      ) : (
        <p className="mt-3 text-sm text-slate-700">Withdrawn advisories stay public, marked withdrawn, and are no longer edited.</p>
      )}
      <h2 className="mt-6 text-lg font-bold">Fields</h2>
      <AdvisoryForm
        key={a.modifiedAt}
        values={a}
        products={products}
        result={actionData}
        submitLabel={a.status === "published" ? "Save (public at once)" : "Save draft"}
        disabled={a.status === "withdrawn"}
      />
    </>
  );
}
