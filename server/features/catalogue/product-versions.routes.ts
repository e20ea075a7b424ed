import { z } from "zod";
import {
  VersionDeletedSchema,
  VersionDetailSchema,
  VersionIdSchema,
  VersionListQuerySchema,
  VersionListSchema,
  VersionUpdatedSchema,
  VersionUpdateSchema,
} from "../../../contract/admin-versions";
import { actorOf } from "../../api/actor";
import { defineOperation } from "../../api/operation";

// Ids beyond a 4-byte integer name nothing (the column is serial); the router answers 404 for them.
const IdParams = z.object({ id: VersionIdSchema.pipe(z.number().max(2_147_483_647)) });

/** The admin's list, detail, edit, archive and delete of product versions. */
export const productVersionOperations = [
  defineOperation({
    method: "get",
    path: "/admin/product-versions",
    operationId: "listProductVersions",
    tags: ["Products"],
    summary: "List product versions",
    description: "By product, then version (numerically). Archived versions only with archived=include|only.",
    admin: true,
    query: VersionListQuerySchema,
    ok: [200, VersionListSchema],
    errors: [400],
    handler: (c, { query }) => c.get("services").productVersions.list(query),
  }),
  defineOperation({
    method: "get",
    path: "/admin/product-versions/{id}",
    operationId: "getProductVersion",
    tags: ["Products"],
    summary: "One product version",
    description: "Requirements, dependencies, packages, patches, coupon counts (used, unused, void) and the number of orders.",
    admin: true,
    params: IdParams,
    ok: [200, VersionDetailSchema],
    errors: [404],
    handler: (c, { params }) => c.get("services").productVersions.detail(params.id),
  }),
  defineOperation({
    method: "patch",
    path: "/admin/product-versions/{id}",
    operationId: "updateProductVersion",
    tags: ["Products"],
    summary: "Edit a product version",
    description:
      "Any field but the product and the version; for_sale, licence_term_months, machine_limit; archived:true archives " +
      "(hidden from the store and the pickers), false restores. Audited with before/after.",
    admin: true,
    params: IdParams,
    body: VersionUpdateSchema,
    ok: [200, VersionUpdatedSchema],
    errors: [400, 404, 415],
    handler: async (c, { params, body }) => {
      const version = await c.get("services").productVersions.update(params.id, body, actorOf(c));
      return { status: "success", message: `Version ${version.version} of ${version.product_name} saved.`, version };
    },
  }),
  defineOperation({
    method: "delete",
    path: "/admin/product-versions/{id}",
    operationId: "deleteProductVersion",
    tags: ["Products"],
    summary: "Delete a product version",
    description: "Deletes the version with its patches and coupons; 409 while any order refers to it (archive it instead).",
    admin: true,
    params: IdParams,
    ok: [200, VersionDeletedSchema],
    errors: [404, 409],
    handler: async (c, { params }) => {
      await c.get("services").productVersions.remove(params.id, actorOf(c));
      return { status: "success", message: "The version was deleted." };
    },
  }),
];
