// The advisories area's door: the admins' advisories, their public forms (HTML, Atom, OSV) and the update check's list.
export { affects, advisoryPrefix, createAdvisories, type Advisories } from "./advisories";
export { type Advisory } from "./advisory-view";
export { advisoryScore, advisoryView } from "./advisory-view";
export { scoreCvss31 } from "./cvss";
export { toOsv } from "./osv";
export { advisoryFileRoutes } from "./files.routes";
