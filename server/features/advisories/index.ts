// The advisories area's door: the admins' advisories, their public forms (HTML, Atom, OSV) and the update check's list.
export { affects, advisoryPrefix, createAdvisories, type Advisories, type Advisory } from "./advisories";
export { advisoryScore, advisoryView } from "./advisory-view";
export { scoreCvss31 } from "./cvss";
export { toOsv } from "./osv";
export { advisoryFileRoutes } from "./files.routes";
