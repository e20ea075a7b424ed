import { z } from "zod";
import type { Config } from "../config";
import { adminCouponOperations } from "./admin-coupons";
import { adminOrderOperations } from "./admin-orders";
import { accountOperations } from "./account";
import { adminOperations } from "./admins";
import { authOperations } from "./auth";
import { contactOperations, messageOperations } from "./contact";
import { couponOperations } from "./coupons";
import { dashboardOperations } from "./dashboard";
import { openApiDocument } from "./openapi";
import { type ApiOperation, defineOperation } from "./operation";
import { outboxOperations } from "./outbox";
import { patchOperations } from "./patches";
import { productVersionOperations } from "./product-versions";
import { productOperations } from "./products";
import { questOperations } from "./quests";
import { licenceOperations, storeOperations } from "./store";

/** Every /api operation (see operation.ts). A new resource module adds its array here. */
const RESOURCE_OPERATIONS: ApiOperation[] = [
  ...contactOperations,
  ...authOperations,
  ...accountOperations,
  ...adminOperations,
  ...messageOperations,
  ...dashboardOperations,
  ...productOperations,
  ...couponOperations,
  ...productVersionOperations,
  ...adminCouponOperations,
  ...adminOrderOperations,
  ...patchOperations,
  ...questOperations,
  ...storeOperations,
  ...licenceOperations,
  ...outboxOperations,
];

// Built once per app's config (tests run apps with different coupon prefixes in one process).
const documents = new WeakMap<Config, ReturnType<typeof openApiDocument>>();
const documentFor = (config: Config) => documents.get(config) ?? documents.set(config, openApiDocument(API_OPERATIONS, config)).get(config);

export const API_OPERATIONS: readonly ApiOperation[] = [
  ...RESOURCE_OPERATIONS,
  defineOperation({
    method: "get",
    path: "/openapi.json",
    operationId: "getOpenApiDocument",
    tags: ["Meta"],
    summary: "This API's OpenAPI 3.1 document",
    description: "Built at the first call from the declared operations and the zod schemas that validate them.",
    ok: [200, z.object({ openapi: z.literal("3.1.0"), paths: z.record(z.string(), z.unknown()) })],
    handler: (c) => documentFor(c.get("config")),
  }),
];
