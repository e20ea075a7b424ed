import { z } from "zod";
import { ORDER_CSV_COLUMNS, OrderListQuerySchema, OrderListSchema } from "../../../contract/admin-orders";
import { csvResponse } from "../../api/csv";
import { defineOperation } from "../../api/operation";

/** Find an order by payment id or e-mail, filter by status and day, export. */
export const adminOrderOperations = [
  defineOperation({
    method: "get",
    path: "/admin/orders",
    operationId: "listOrders",
    tags: ["Orders"],
    summary: "Find orders",
    description:
      "Newest first, paged; sort=created_at|amount with dir=asc|desc orders it otherwise (ties by id). q is a payment id or a customer e-mail (exact, e-mail case-insensitive); status; from/to are UTC days " +
      "(inclusive). The total is counted up to 10,000 (total_capped says there are more).",
    admin: true,
    query: OrderListQuerySchema,
    ok: [200, OrderListSchema],
    errors: [400],
    handler: (c, { query }) => c.get("services").orderAdmin.list(query),
  }),
  defineOperation({
    method: "get",
    path: "/admin/orders.csv",
    operationId: "exportOrders",
    tags: ["Orders"],
    summary: "Export orders as CSV",
    description:
      "text/csv (RFC 4180; a cell starting with = + - @ gets a leading '), streamed in chunks; the list's filters, every match " +
      "(page, page_size, sort and dir ignored: newest id first), amounts in rupees. The answer's schema is one CSV text.",
    admin: true,
    query: OrderListQuerySchema,
    ok: [200, z.string()],
    okContentType: "text/csv",
    errors: [400],
    handler: (c, { query }) => {
      const { page: _page, page_size: _size, sort: _sort, dir: _dir, ...filters } = query;
      const chunks = (async function* () {
        for await (const items of c.get("services").orderAdmin.stream(filters)) {
          yield items.map((item) => ORDER_CSV_COLUMNS.map((column) => item[column]));
        }
      })();
      return csvResponse("orders.csv", ORDER_CSV_COLUMNS, chunks);
    },
  }),
];
