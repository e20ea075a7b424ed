import { Form, Link, useNavigation } from "react-router";
import { QUEST_KINDS, QUEST_PRIZE_KINDS, QUEST_STATUSES } from "../../../contract/quests";
import { toIndiaDateTimeInput } from "../../../contract/quest-settings";
import { Field, SelectField, buttonClass, inputClass } from "../../components/admin/form-field";
import type { Route } from "./+types/quest-settings";
import { questSettingsAction, questSettingsLoader } from "./quest-settings.server";
import { QuestSubmissions } from "../../components/admin/quest-submissions";

export const loader = ({ request, context, params }: Route.LoaderArgs) => questSettingsLoader(params.id, request, context);

export const action = ({ request, context, params }: Route.ActionArgs) => questSettingsAction(params.id, request, context);

const options = (values: readonly string[], labels: Record<string, string>) =>
  values.map((value) => ({ value, label: labels[value] ?? value }));
const STATUS = { draft: "Draft (hidden)", open: "Open", judging: "Judging", closed: "Closed" };
const KIND = { submission: "Submission (text, links, a file)", flag: "Flag (find the secret)" };
const PRIZE = { cash: "Cash", licence: "Licence of a product version", coupon: "Coupon (percentage off)" };

/** /dashboard/quests/:id: what makes a quest module public and how its prize is paid. */
export default function QuestSettings({ loaderData: { quest, submissions }, actionData }: Route.ComponentProps) {
  const all = actionData;
  const result = all?.intent === "settings" ? all : undefined;
  const errors = result && !result.ok ? result.errors : {};
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <title>{`${quest.title} settings | Admin`}</title>
      <p className="text-sm">
        <Link className="text-blue-800 underline" to="/dashboard/quests">
          Quests
        </Link>{" "}
        / {quest.title}
      </p>
      <h1 className="mt-1 text-2xl font-bold break-words">{quest.title}</h1>
      <p className="mt-1 text-slate-700">
        Prize text: {quest.prize} · {quest.submissions} submission{quest.submissions === 1 ? "" : "s"} ·{" "}
        {quest.status === "draft" ? (
          "not public"
        ) : (
          <a className="text-blue-800 underline" href={`/quests/${quest.id}`}>
            public page
          </a>
        )}
      </p>
      <Form method="post" className="mt-6 max-w-2xl space-y-4 rounded-lg bg-white p-4 shadow md:p-6" aria-label="Quest settings">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Status"
            name="status"
            required
            defaultValue={quest.status}
            options={options(QUEST_STATUSES, STATUS)}
            error={errors.status}
          />
          <SelectField
            label="Kind"
            name="kind"
            required
            defaultValue={quest.kind}
            options={options(QUEST_KINDS, KIND)}
            error={errors.kind}
          />
          <Field
            label="Opens (India time)"
            name="opens_at"
            type="datetime-local"
            defaultValue={toIndiaDateTimeInput(quest.opensAt)}
            error={errors.opens_at}
          />
          <Field
            label="Deadline (India time)"
            name="deadline"
            type="datetime-local"
            defaultValue={toIndiaDateTimeInput(quest.deadline)}
            error={errors.deadline}
          />
        </div>
        <RulesField defaultValue={quest.rules} error={errors.rules} />
        <Field
          label="Flag"
          name="flag"
          type="password"
          autoComplete="off"
          hint={
            quest.hasFlag
              ? "A flag is set; type a new one to replace it, or leave empty to keep it."
              : "Only for flag quests: the secret a participant must find. Stored hashed."
          }
          error={errors.flag}
        />
        <fieldset className="space-y-4 rounded border border-slate-300 p-3">
          <legend className="px-1 text-sm font-semibold">Prize</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Paid as"
              name="prize_kind"
              required
              defaultValue={quest.prizeKind}
              options={options(QUEST_PRIZE_KINDS, PRIZE)}
              error={errors.prize_kind}
            />
            <Field
              label="Winners"
              name="winners"
              type="number"
              min={1}
              max={100}
              required
              defaultValue={quest.winners}
              error={errors.winners}
            />
            <Field
              label="Cash amount in ₹ (optional)"
              name="prize_amount"
              inputMode="decimal"
              defaultValue={quest.prizeAmountPaise === null ? "" : (quest.prizeAmountPaise / 100).toFixed(2)}
              error={errors.prize_amount}
            />
            <Field
              label="Product ID (licence or coupon)"
              name="prize_product_id"
              defaultValue={quest.prizeProductId ?? ""}
              error={errors.prize_product_id}
            />
            <Field label="Version (licence)" name="prize_version" defaultValue={quest.prizeVersion ?? ""} error={errors.prize_version} />
            <Field
              label="Percentage off (coupon)"
              name="prize_percent"
              type="number"
              min={1}
              max={100}
              defaultValue={quest.prizePercent ?? ""}
              error={errors.prize_percent}
            />
          </div>
        </fieldset>
        {result ? (
          <p role={result.ok ? "status" : "alert"} className={`text-sm ${result.ok ? "text-green-800" : "text-red-700"}`}>
            {/* A refusal with field errors points to them; each says what is wrong beside its field. */}
            {result.ok || Object.keys(errors).length === 0 ? result.message : "Not saved: see the messages beside the fields."}
          </p>
        ) : null}
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? "Saving..." : "Save settings"}
        </button>
      </Form>
      <QuestSubmissions submissions={submissions} prizeKind={quest.prizeKind} result={all?.intent?.startsWith("move-") ? all : undefined} />
    </>
  );
}

function RulesField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  return (
    <div>
      <label htmlFor="quest-rules" className="text-sm font-medium">
        Rules (Markdown)
      </label>
      <textarea
        id="quest-rules"
        name="rules"
        rows={8}
        maxLength={20_000}
        defaultValue={defaultValue}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "quest-rules-error" : "quest-rules-hint"}
      />
      <p id="quest-rules-hint" className="mt-1 text-xs text-slate-700">
        Shown on the public quest page. HTML is shown as text; links must start with https://.
      </p>
      {error ? (
        <p id="quest-rules-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
