// The licences area's door: what other areas and the app may use.
export { extendLicence, type LicenceState, restoreLicence, revokeLicence } from "./admin-actions";
export { canonicalLicenceKey, decryptLicenceKey, encryptLicenceKey, licenceKeyHash, newLicenceKey } from "./licence-keys";
export { createLicences, type Licences } from "./licences";
export { createLicenceSigner, type LicenceSigner } from "./licence-signer";
export { releaseMachine } from "./machines";
export { licencePublicKeys } from "./public-keys";
export { licenceOperations } from "./routes";
export { licenceKeyFileRoutes, signLicenceAnswers } from "./signature.routes";
export { rotateLicenceKey } from "./rotate";
