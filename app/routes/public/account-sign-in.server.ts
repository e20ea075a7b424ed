import { type AppLoadContext, data, redirect } from "react-router";
import { AccountSignInSchema, AccountVerifySchema } from "../../../contract/account";
import { currentCustomer, NO_STORE, returnPath, SIGN_IN_PATH, signedIn } from "./account-session.server";
import { formAction, pageFailure, readValues, refuseFields } from "../../lib/form-action.server";

/** Which step the page shows after a post, with the address and the page to return to. */
type SignInStep = { step: "email" | "code"; email: string; next: string };

const EMAIL_REFUSED = "Enter a valid e-mail address.";
const CODE_REFUSED = "Enter the 6 digits of the code.";

const NOTES: Record<string, string> = {
  link: "That sign-in link has expired or was already used. Ask for a new code below.",
  "signed-out": "You are signed out.",
};

export async function loadSignIn(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const next = returnPath(url.searchParams.get("next"));
  if (await currentCustomer(request, context)) throw redirect(next || "/account", { headers: NO_STORE });
  const note = [...url.searchParams.keys()].map((k) => NOTES[k]).find(Boolean) ?? "";
  return data({ note, next }, { headers: NO_STORE });
}

/** Both steps, as plain form posts: send the code, then check it (or the link's token, from /account/verify). */
export async function submitSignIn(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const field = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");
  const intent = field("intent");
  const email = field("email").trim();
  const next = returnPath(field("next"));
  if (intent === "token") return signInByLink(field("token"), context, next);
  const step = intent === "send" ? "email" : "code";
  return formAction<SignInStep>(
    undefined,
    async () => {
      if (intent === "send") {
        const input = readValues({ email }, AccountSignInSchema, EMAIL_REFUSED);
        await context.services.customerSignIn.request(input.email, context.clientIp);
        return { message: "We have mailed a 6-digit code to this address. It works for 15 minutes.", value: { step: "code", email, next } };
      }
      const input = readValues({ email, code: field("code") }, AccountVerifySchema, CODE_REFUSED);
      if (!("code" in input)) refuseFields({ code: CODE_REFUSED }, CODE_REFUSED);
      throw await signedIn(await context.services.customerSignIn.verifyCode(input.email, input.code, context.clientIp), context, next);
    },
    {
      // The step's one field carries the refusal: a mistyped address, else the code (a wrong, used or throttled one).
      refused: (failure) => {
        const errors: Record<string, string> = intent === "send" && failure.errors.email ? { email: failure.message } : { code: failure.message };
        return { errors, value: { step, email, next } };
      },
    },
  );
}

/** The mailed link's token: signed in, or back on this page with a sentence (never an error page) when it has expired or was used. */
async function signInByLink(token: string, context: AppLoadContext, next: string) {
  const used = redirect(`${SIGN_IN_PATH}?link=used`);
  let customerId: number;
  try {
    const input = readValues({ token }, AccountVerifySchema);
    if (!("token" in input)) throw used;
    customerId = await context.services.customerSignIn.verifyToken(input.token, context.clientIp);
  } catch (error) {
    pageFailure(error);
    throw used;
  }
  return signedIn(customerId, context, next);
}
