import { type AppLoadContext, data, redirect } from "react-router";
import { NO_STORE, requireCustomerPage, signedOut } from "./account-session.server";
import { InvalidInputError } from "../../../server/platform/errors";
import { formAction, refuseFields } from "../../lib/form-action.server";

/** What a button's answer shows besides its sentence, by the licence it concerns. */
type AccountShown = {
  revealed?: { licenceId: number; key: string };
  rotated?: boolean;
  /** An offline licence file just made for a machine of that licence. */
  licenceFile?: { licenceId: number; fingerprint: string; file: string };
};

const ID = /^[1-9][0-9]{0,15}$/;

export async function loadAccount(request: Request, context: AppLoadContext) {
  const customer = await requireCustomerPage(request, context);
  const account = await context.services.customerAccount.read(customer);
  // Every issued document of the customer's orders (an invoice, then its credit notes), listed under each order.
  const documents = await context.services.invoices.ofOrders(account.orders.map((o) => o.order_id));
  const builds = await context.services.customerAccount.builds(account);
  const quests = await context.services.questSubmissions.mine(customer.id);
  return data({ ...account, builds, documents, quests }, { headers: NO_STORE });
}

/**
 * The account's buttons, each a plain form post: reveal, free a seat, replace the key, a machine's
 * offline licence file, resend a receipt, download a build (a 303 to a fresh signed /dl link), sign out.
 */
export async function submitAccount(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  if (form.get("intent") === "sign-out") return signedOut(request, context);
  const customer = await requireCustomerPage(request, context);
  const id = (name: string) => {
    const raw = form.get(name);
    return typeof raw === "string" && ID.test(raw) ? Number(raw) : 0;
  };
  const account = context.services.customerAccount;
  const intent = form.get("intent");
  return formAction<AccountShown>(
    undefined,
    async () => {
      switch (intent) {
        case "reveal":
          return { message: "", value: { revealed: { licenceId: id("licence"), key: await account.reveal(customer.id, id("licence")) } } };
        case "release":
          await account.releaseMachine(customer.id, id("licence"), id("machine"));
          return { message: "The seat is free. Activate the tool on another machine when you like." };
        case "rotate": {
          if (form.get("confirm") !== "yes") refuseFields({ confirm: "Tick the box to confirm the new key." }, "Tick the box to confirm the new key.");
          const key = await account.rotate(customer, id("licence"));
          return {
            message: "Your new key is ready and on its way by mail. The old key no longer works; activate your machines again.",
            value: { revealed: { licenceId: id("licence"), key }, rotated: true },
          };
        }
        case "licence-file":
        case "licence-file-new": {
          const licenceId = id("licence");
          const machine = intent === "licence-file" ? { id: id("machine") } : { fingerprint: String(form.get("fingerprint") ?? "") };
          const made = await account.licenceFile(customer.id, licenceId, machine, context.clientIp);
          return {
            message: `The licence file for ${made.fingerprint} is below: copy it to that machine.`,
            value: { licenceFile: { licenceId, ...made } },
          };
        }
        case "download": {
          const link = await account.downloadLink(customer.id, id("licence"), id("artifact"), context.clientIp);
          throw redirect(link.url, { status: 303, headers: NO_STORE });
        }
        case "receipt":
          await account.resendReceipt(customer.id, id("order"));
          return { message: "The receipt is on its way to your inbox." };
        default:
          throw new InvalidInputError("Unknown action.");
      }
    },
    { headers: NO_STORE },
  );
}
