import type { Config } from "./platform/config";
import type { Db } from "./platform/db/client";
import { createAdmins } from "./features/identity";
import { createAudit } from "./features/audit";
import { createAuth } from "./features/identity";
import { createAccount } from "./features/identity";
import { createAdminDirectory } from "./features/identity";
import { createIdentityMailReissuers } from "./features/identity";
import { createPasswordReset } from "./features/identity";
import { createMfa } from "./features/identity";
import { createPasskeys } from "./features/identity";
import { createReauth } from "./features/identity";
import { createRecoveryCodes } from "./features/identity";
import { createSecretBox } from "./platform/secrets/secret-box";
import { createSigningKeys } from "./platform/secrets/signing-keys";
import { createTotp } from "./features/identity";
import { createContact } from "./features/contact";
import { createCouponAdmin } from "./features/coupons";
import { createCoupons } from "./features/coupons";
import { createDashboard } from "./features/dashboard";
import { createCustomerAdmin, createOrderAdmin, createOrderDesk } from "./features/store";
import { createOutboxAdmin, createTestMail } from "./features/mail";
import { createMessages } from "./features/contact";
import { createCatalogue, createPatches } from "./features/catalogue";
import { createProducts } from "./features/catalogue";
import { createProductVersions } from "./features/catalogue";
import { createReleases } from "./features/catalogue";
import { createPublicQuests, createQuestReview, createQuestSettings, createQuestSubmissions, createQuests } from "./features/quests";
import type { ServiceDeps, ServiceObservers } from "./platform/service-deps";
import { createPageTopics } from "./platform/page-topics";
import { createStore, createStoreMailReissuers, createStoreSecrets } from "./features/store";
import { createCustomerAccount, createCustomerSessions, createCustomerSignIn } from "./features/customers";
import { createLeasedRateLimiter, createRateLimiter } from "./platform/rate-limit";
import { createArtifacts, createDownloads, createReleaseSigning, createUpdateCheck } from "./features/releases";
import { createInvoices } from "./features/invoices";
import { createSecurityReports, createSecurityTxt, openPgpKeySource, securityContact } from "./features/security";
import { createLicences, createLicenceSigner } from "./features/licences";
import { createAdvisories } from "./features/advisories";

/** Builds every service once at start; the API handlers and React Router loaders share them. */
export function createServices(db: Db, config: Config, now: () => Date = () => new Date(), observe?: ServiceObservers) {
  const deps: ServiceDeps = { db, config, now, observe };
  const audit = createAudit(deps);
  // The public page cache's change counters: the catalogue's writes count their changes here.
  const pageTopics = createPageTopics(db);
  const rateLimiter = createRateLimiter(deps);
  const products = createProducts({ ...deps, audit, pages: pageTopics });
  const totp = createTotp({ ...deps, box: createSecretBox(config) });
  const recoveryCodes = createRecoveryCodes(deps);
  const auth = createAuth({ ...deps, audit, rateLimiter, totp, recoveryCodes });
  const confirmIdentity = createReauth({ db, audit, rateLimiter, totp, recoveryCodes });
  const signingKeys = createSigningKeys({ db, box: createSecretBox(config), now });
  const licenceSigner = createLicenceSigner(signingKeys);
  const downloads = createDownloads({
    ...deps,
    licenceSecret: createStoreSecrets(deps).licenceSecret,
    licenceRateLimiter: createLeasedRateLimiter(deps),
  });
  const openPgpKey = openPgpKeySource({
    signingKeys,
    keyFile: config.SECURITY_PGP_PRIVATE_KEY_FILE,
    userId: { name: `${config.site.name} security`, email: securityContact(config.site) },
  });
  const releaseSigning = createReleaseSigning({ config, signingKeys, now });
  const store = createStore({ ...deps, rateLimiter, audit, catalogue: createCatalogue(deps) });
  const licences = createLicences({
    ...deps,
    licenceRateLimiter: createLeasedRateLimiter(deps),
    licenceSecret: createStoreSecrets(deps).licenceSecret,
    licenceSigner,
  });
  const advisories = createAdvisories({ ...deps, audit, pages: pageTopics });
  return {
    audit,
    rateLimiter,
    pageTopics,
    admins: createAdmins({ ...deps, audit }),
    auth,
    account: createAccount({ ...deps, audit, rateLimiter, totp, recoveryCodes }),
    mfa: createMfa({ db, config, audit, totp, recoveryCodes, confirmIdentity }),
    adminDirectory: createAdminDirectory({ ...deps, audit }),
    passwordReset: createPasswordReset({ ...deps, audit, rateLimiter }),
    passkeys: createPasskeys({ ...deps, audit, auth, recoveryCodes, confirmIdentity }),
    contact: createContact(deps),
    messages: createMessages({ ...deps, audit }),
    outbox: createOutboxAdmin({ ...deps, audit, reissuers: { ...createIdentityMailReissuers(deps), ...createStoreMailReissuers(deps) } }),
    testMail: createTestMail({ ...deps, audit }),
    products,
    productVersions: createProductVersions({ ...deps, audit, pages: pageTopics }),
    coupons: createCoupons({ ...deps, audit, products }),
    couponAdmin: createCouponAdmin({ ...deps, audit }),
    orderAdmin: createOrderAdmin(deps),
    orderDesk: createOrderDesk({ ...deps, audit, rateLimiter }),
    customerAdmin: createCustomerAdmin(deps),
    patches: createPatches({ ...deps, audit, products, pages: pageTopics }),
    releases: createReleases(deps),
    quests: createQuests({ ...deps, audit, pages: pageTopics }),
    publicQuests: createPublicQuests(deps),
    questReview: createQuestReview({ ...deps, audit, pages: pageTopics }),
    questSettings: createQuestSettings({ ...deps, audit, catalogue: products, pages: pageTopics }),
    questSubmissions: createQuestSubmissions({ ...deps, rateLimiter, pages: pageTopics }),
    dashboard: createDashboard(deps),
    store,
    licences,
    customerSignIn: createCustomerSignIn({ ...deps, rateLimiter }),
    customerSessions: createCustomerSessions(deps),
    customerAccount: createCustomerAccount({
      ...deps,
      rateLimiter,
      secrets: createStoreSecrets(deps),
      downloads,
      licenceFiles: licences,
    }),
    artifacts: createArtifacts({ ...deps, audit, pages: pageTopics, releaseSigning }),
    releaseSigning,
    downloads,
    updateCheck: createUpdateCheck({ db, downloads, advisoriesFor: advisories.affecting }),
    invoices: createInvoices(deps),
    signingKeys,
    securityTxt: createSecurityTxt({ config, now, key: openPgpKey }),
    securityReports: createSecurityReports({ ...deps, audit, rateLimiter }),
    advisories,
    licenceSigner,
  };
}

export type Services = ReturnType<typeof createServices>;

declare module "./app-env" {
  // Every request's `services` (server/app-env.ts) is this object.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so it merges
  interface RequestServices extends Services {}
}
