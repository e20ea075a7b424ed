import { and, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { StoreProduct } from "../../../contract/store";
import type { Db } from "../../platform/db/client";
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

const pv = alias(productVersions, "pv");
const p = alias(products, "p");
// A draft is the admin's until published (its name is not public yet), so it is never sold.
const FOR_SALE = sql`${pv.forSale} and ${pv.amountMinor} > 0 and ${pv.archivedAt} is null and ${pv.status} <> 'draft'`;
const VERSION_ORDER = sql`string_to_array(${pv.version}, '.')::int[]`;

/** The versions for sale that also match `where`; the store's pages ask on every view (live prices, decision 014). */
const forSale = (db: Db, where?: SQL) =>
  db
    .select({
      id: pv.id,
      productId: pv.productId,
      productName: p.name,
      version: pv.version,
      amountMinor: pv.amountMinor,
      os: pv.os,
      licenceTermMonths: pv.licenceTermMonths,
      machineLimit: pv.machineLimit,
    })
    .from(pv)
    .innerJoin(p, eq(p.id, pv.productId))
    .where(and(FOR_SALE, where));

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
      const rows = await forSale(db).orderBy(pv.productId, VERSION_ORDER);
      return rows.map(toStoreProduct);
    },
    /** The newest version of one product that is for sale, or null. */
    async forProduct(productId: string): Promise<StoreProduct | null> {
      const [row] = await forSale(db, eq(pv.productId, productId))
        .orderBy(sql`${VERSION_ORDER} desc`)
        .limit(1);
      return row ? toStoreProduct(row) : null;
    },
    /** The version a checkout names, when it is for sale. */
    async saleVersion(productId: string, version: string): Promise<SaleVersion | null> {
      const [row] = await forSale(db, and(eq(pv.productId, productId), eq(pv.version, version)));
      return row ?? null;
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
