// The audit area's door: what other areas and the app may use.
export { type Audit, createAudit } from "./audit";
export { type OrderEvent, type OrderEventActor, type OrderEventKind, recordOrderEvent } from "./order-events";
