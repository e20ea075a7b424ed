// The security area's door: security.txt and its OpenPGP key, and the security reports.
export { makeOpenPgpKey, openPgpKeySource } from "./openpgp-key";
export { createSecurityReports, type SecurityReports } from "./reports";
export { SECURITY_REPORT_RECEIVED, securityOperations } from "./routes";
export { securityFileRoutes } from "./files.routes";
export { createSecurityTxt, OPENPGP_KEY_PATH, SECURITY_TXT_PATH, securityContact } from "./security-txt";
