import { SuccessMessageSchema } from "../../../contract/common";
import {
  PRODUCT_MESSAGES,
  PRODUCT_VERSION_JSON_FIELDS,
  ProductInformationListSchema,
  ProductVersionInputSchema,
  VersionDetailsSchema,
} from "../../../contract/products";
import { actorOf } from "../../api/actor";
import { defineOperation, type HttpMethod } from "../../api/operation";

// The original client POSTs these reads with no body; GET is offered too. Each method is its own operation.
const readMethods = ["get", "post"] as const satisfies HttpMethod[];
const Method = { get: "Get", post: "Post" } as const;

export const productOperations = [
  defineOperation({
    method: "post",
    path: "/oni/add/product/version",
    operationId: "addProductVersion",
    tags: ["Products"],
    summary: "Add a product version (creates the product when new)",
    description: "Adds a version of a product, creating the product on its first version. Takes JSON or a form.",
    admin: true,
    body: ProductVersionInputSchema,
    form: { jsonFields: PRODUCT_VERSION_JSON_FIELDS },
    ok: [201, SuccessMessageSchema],
    errors: [400, 409, 413, 415],
    handler: async (c, { body }) => {
      await c.get("services").products.addVersion(body, actorOf(c));
      return { status: "success", message: PRODUCT_MESSAGES.success };
    },
  }),
  ...readMethods.map((method) =>
    defineOperation({
      method,
      path: "/products/informations",
      operationId: `listProductInformations${Method[method]}`,
      tags: ["Products"],
      summary: method === "get" ? "Every product version with its coupons" : "Every product version with its coupons (GET too)",
      description: "Every product version with its details and its coupon codes, for the admin products page.",
      admin: true,
      ok: [200, ProductInformationListSchema],
      handler: (c) => c.get("services").products.informations(),
    }),
  ),
  ...readMethods.map((method) =>
    defineOperation({
      method,
      path: "/products/version/details",
      operationId: `listVersionDetails${Method[method]}`,
      tags: ["Products"],
      summary: method === "get" ? "Product name to its versions" : "Product name to its versions (GET too)",
      description: "Maps each product name to its versions, for the admin forms' choices.",
      admin: true,
      ok: [200, VersionDetailsSchema],
      handler: (c) => c.get("services").products.versionDetails(),
    }),
  ),
];
