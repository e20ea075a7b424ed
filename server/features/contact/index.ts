// The contact area's door: what other areas and the app may use.
export { createContact, honeypotTripped } from "./contact";
export { createMessages } from "./messages";
export { contactOperations, messageOperations } from "./routes";
