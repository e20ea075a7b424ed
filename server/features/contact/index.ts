// The contact area's door: what other areas and the app may use.
export { createContact, honeypotTripped } from "./contact";
export { createMessages } from "./messages";
export type { Actor } from "../../platform/actor";
export { contactOperations, messageOperations } from "./routes";
