import type { Config } from "../config";
import type { Db } from "../db/client";
import { createAdmins } from "./admins";
import { createAudit } from "./audit";
import { createAuth } from "./auth";
import { createAccount } from "./identity/account";
import { createAdminDirectory } from "./identity/admin-directory";
import { createPasswordReset } from "./identity/password-reset";
import { createMfa } from "./identity/mfa";
import { createPasskeys } from "./identity/passkeys";
import { createRecoveryCodes } from "./identity/recovery-codes";
import { createSecretBox } from "./identity/secret-box";
import { createTotp } from "./identity/totp";
import { createContact } from "./contact";
import { createCouponAdmin } from "./coupon-admin";
import { createCoupons } from "./coupons";
import { createDashboard } from "./dashboard";
import { createOrderAdmin } from "./order-admin";
import { createOutboxAdmin } from "./mail/outbox-admin";
import { createMessages } from "./messages";
import { createPatches } from "./patches";
import { createProducts } from "./products";
import { createProductVersions } from "./product-versions";
import { createQuests } from "./quests";
import type { ServiceDeps, ServiceObservers } from "./deps";
import { createRateLimiter } from "./rate-limit";
import { createStore } from "./store/store";

/** Builds every service once at start; the API handlers and React Router loaders share them. */
export function createServices(db: Db, config: Config, now: () => Date = () => new Date(), observe?: ServiceObservers) {
  const deps: ServiceDeps = { db, config, now, observe };
  const audit = createAudit(deps);
  const rateLimiter = createRateLimiter(deps);
  const products = createProducts({ ...deps, audit });
  const totp = createTotp({ ...deps, box: createSecretBox(config) });
  const recoveryCodes = createRecoveryCodes(deps);
  const auth = createAuth({ ...deps, audit, rateLimiter, totp, recoveryCodes });
  return {
    audit,
    rateLimiter,
    admins: createAdmins({ ...deps, audit }),
    auth,
    account: createAccount({ ...deps, audit, rateLimiter, totp, recoveryCodes }),
    mfa: createMfa({ db, audit, totp, recoveryCodes }),
    adminDirectory: createAdminDirectory({ ...deps, audit }),
    passwordReset: createPasswordReset({ ...deps, audit, rateLimiter }),
    passkeys: createPasskeys({ ...deps, audit, auth, recoveryCodes }),
    contact: createContact(deps),
    messages: createMessages({ ...deps, audit }),
    outbox: createOutboxAdmin({ ...deps, audit }),
    products,
    productVersions: createProductVersions({ ...deps, audit }),
    coupons: createCoupons({ ...deps, audit, products }),
    couponAdmin: createCouponAdmin({ ...deps, audit }),
    orderAdmin: createOrderAdmin(deps),
    patches: createPatches({ ...deps, audit, products }),
    quests: createQuests({ ...deps, audit }),
    dashboard: createDashboard(deps),
    store: createStore({ ...deps, rateLimiter }),
  };
}

export type Services = ReturnType<typeof createServices>;
