import { type AppLoadContext, data, redirect } from "react-router";
import { AccountSignInSchema, AccountVerifySchema } from "../../../contract/account";
import { currentCustomer, NO_STORE, returnPath, SIGN_IN_PATH, signedIn } from "./account-session.server";
import { pageFailure } from "./store-errors.server";

export type SignInState = { step: "email" | "code"; email: string; message: string; error: string; fieldErrors: Record<string, string>; next: string };

const baseState = (s: Partial<SignInState>): SignInState => ({ step: "email", email: "", message: "", error: "", fieldErrors: {}, next: "", ...s });

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
  const state = (s: Partial<SignInState>) => baseState({ next, ...s });
  try {
    if (intent === "send") {
      const parsed = AccountSignInSchema.safeParse({ email });
      if (!parsed.success) return data(state({ email, error: "Enter a valid e-mail address.", fieldErrors: { email: "Enter a valid e-mail address." } }), 400);
      await context.services.customerSignIn.request(parsed.data.email, context.clientIp);
      return data(state({ step: "code", email, message: "We have mailed a 6-digit code to this address. It works for 15 minutes." }));
    }
    if (intent === "token") {
      const parsed = AccountVerifySchema.safeParse({ token: field("token") });
      if (!parsed.success || !("token" in parsed.data)) throw redirect(`${SIGN_IN_PATH}?link=used`);
      return await signedIn(await context.services.customerSignIn.verifyToken(parsed.data.token, context.clientIp), context, next);
    }
    const parsed = AccountVerifySchema.safeParse({ email, code: field("code") });
    if (!parsed.success || !("code" in parsed.data)) {
      const message = "Enter the 6 digits of the code.";
      return data(state({ step: "code", email, error: message, fieldErrors: { code: message } }), 400);
    }
    return await signedIn(await context.services.customerSignIn.verifyCode(parsed.data.email, parsed.data.code, context.clientIp), context, next);
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = pageFailure(error);
    // An expired or used link lands back here with a sentence, never on an error page.
    if (intent === "token") throw redirect(`${SIGN_IN_PATH}?link=used`);
    return data(state({ step: intent === "send" ? "email" : "code", email, error: failure.message, fieldErrors: { code: failure.message } }), failure.status);
  }
}
