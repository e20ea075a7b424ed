import { z } from "zod";
import type { Config } from "../platform/config";
import { adminCouponOperations } from "../features/coupons";
import { adminOrderOperations, orderDeskOperations } from "../features/store";
import { adminInvoiceOperations } from "../features/invoices";
import { accountOperations } from "../features/identity";
import { adminOperations } from "../features/identity";
import { authOperations } from "../features/identity";
import { contactOperations, messageOperations } from "../features/contact";
import { couponOperations } from "../features/coupons";
import { dashboardOperations } from "../features/dashboard";
import { openApiDocument } from "./openapi";
import { type ApiOperation, defineOperation } from "./operation";
import { outboxOperations } from "../features/mail";
import { patchOperations } from "../features/catalogue";
import { productVersionOperations } from "../features/catalogue";
import { productOperations } from "../features/catalogue";
import { releaseOperations } from "../features/catalogue";
import { questOperations, questSubmissionOperations } from "../features/quests";
import { artifactOperations } from "../features/releases";
import { storeOperations } from "../features/store";
import { licenceOperations } from "../features/licences";
import { customerAccountOperations } from "../features/customers";
import { securityOperations } from "../features/security";

/** Every /api operation (see operation.ts). A new resource module adds its array here. */
const RESOURCE_OPERATIONS: ApiOperation[] = [
  ...contactOperations,
  ...securityOperations,
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
  ...orderDeskOperations,
  ...adminInvoiceOperations,
  ...patchOperations,
  ...releaseOperations,
  ...questOperations,
  ...questSubmissionOperations,
  ...storeOperations,
  ...licenceOperations,
  ...outboxOperations,
  ...customerAccountOperations,
  ...artifactOperations,
];

// Built once per app's config (tests run apps with different coupon prefixes in one process).
const documents = new WeakMap<Config, ReturnType<typeof openApiDocument>>();
function documentFor(config: Config) {
  let document = documents.get(config);
  if (!document) documents.set(config, (document = openApiDocument(API_OPERATIONS, config)));
  return document;
}

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
