// The audit area's door: what other areas and the app may use.
export { type Audit, createAudit } from "./audit";
