import { ReleaseListSchema, ReleaseParamsSchema } from "../../../contract/releases";
import { defineOperation } from "../../api/operation";

/** The public release notes as JSON. */
export const releaseOperations = [
  defineOperation({
    method: "get",
    path: "/releases/{productId}",
    operationId: "listReleases",
    tags: ["Releases"],
    summary: "A product's release notes",
    description:
      "Published and withdrawn (yanked) versions, newest first, with requirements, dependencies, Python packages, " +
      "their published patches as a changelog and their artifacts; drafts never. 404 for an unknown product.",
    params: ReleaseParamsSchema,
    ok: [200, ReleaseListSchema],
    errors: [404],
    handler: async (c, { params }) => (await c.get("services").releases.ofProduct(params.productId)).releases,
  }),
];
