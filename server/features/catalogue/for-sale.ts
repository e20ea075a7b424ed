import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { StoreProduct } from "../../../contract/store";
import { queryRows } from "../../platform/db/query-rows";
import { products, productVersions } from "../../platform/db/schema";
import type { ServiceDeps } from "../../platform/service-deps";
import { fromMinor as rupees } from "../../../contract/money";

export type SaleVersion = {
  id: number;
  productId: string;
  productName: string;
  version: string;
  amountMinor: number;
  os: string[];
  licenceTermMonths: number;
  machineLimit: number;
};

type Row = {
  id: number;
  product_id: string;
  product_name: string;
  version: string;
  amount_minor: string | number;
  os: string[];
  licence_term_months: number;
  machine_limit: number;
};

const pv = alias(productVersions, "pv");
const p = alias(products, "p");
// A draft is the admin's until published (its name is not public yet), so it is never sold.
const FOR_SALE = sql`${pv.forSale} and ${pv.amountMinor} > 0 and ${pv.archivedAt} is null and ${pv.status} <> 'draft'`;
const SELECT = sql`select ${pv.id}, ${pv.productId}, ${p.name} as product_name, ${pv.version}, ${pv.amountMinor}, ${pv.os},
  ${pv.licenceTermMonths}, ${pv.machineLimit} from ${productVersions} ${pv} join ${products} ${p} on ${p.id} = ${pv.productId}`;
const VERSION_ORDER = sql`string_to_array(${pv.version}, '.')::int[]`;
// The store's pages ask for these on every view (live prices, decision 014).
const LIST = () => sql`${SELECT} where ${FOR_SALE} order by ${pv.productId}, ${VERSION_ORDER}`;
const NEWEST = ({ productId }: { productId: string }) =>
  sql`${SELECT} where ${pv.productId} = ${productId} and ${FOR_SALE} order by ${VERSION_ORDER} desc limit 1`;
const VERSION = ({ productId, version }: { productId: string; version: string }) =>
  sql`${SELECT} where ${pv.productId} = ${productId} and ${pv.version} = ${version} and ${FOR_SALE}`;

const toVersion = (r: Row): SaleVersion => ({
  id: Number(r.id),
  productId: r.product_id,
  productName: r.product_name,
  version: r.version,
  amountMinor: Number(r.amount_minor),
  os: r.os,
  licenceTermMonths: Number(r.licence_term_months),
  machineLimit: Number(r.machine_limit),
});

export const toStoreProduct = (v: SaleVersion): StoreProduct => ({
  product_id: v.productId,
  product_name: v.productName,
  version: v.version,
  amount: rupees(v.amountMinor),
  currency: "INR",
  os: v.os,
  licence_term_months: v.licenceTermMonths,
  machine_limit: v.machineLimit,
});

/** Versions for sale: marked for_sale by the admin, priced above 0, not archived, not a draft. */
export function createCatalogue({ db }: Pick<ServiceDeps, "db">) {
  return {
    async listForSale(): Promise<StoreProduct[]> {
      const rows = await queryRows<Row>(db, LIST());
      return rows.map((r) => toStoreProduct(toVersion(r)));
    },
    /** The newest version of one product that is for sale, or null. */
    async forProduct(productId: string): Promise<StoreProduct | null> {
      const rows = await queryRows<Row>(db, NEWEST({ productId }));
      return rows[0] ? toStoreProduct(toVersion(rows[0])) : null;
    },
    /** The version a checkout names, when it is for sale. */
    async saleVersion(productId: string, version: string): Promise<SaleVersion | null> {
      const rows = await queryRows<Row>(db, VERSION({ productId, version }));
      return rows[0] ? toVersion(rows[0]) : null;
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
