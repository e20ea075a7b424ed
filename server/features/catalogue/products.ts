import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { ProductInformation, ProductVersionInput, VersionDetails } from "../../../contract/products";
import { fromMinor, toMinor } from "../../../contract/money";
import { compareVersions } from "../../../contract/versions";
import { coupons, products, productVersions } from "../../platform/db/schema";
import { ConflictError, NotFoundError } from "../../platform/errors";
import type { Audit } from "../audit";
import { isUniqueViolation } from "../../platform/db/db-errors";
import type { ServiceDeps } from "../../platform/service-deps";
import type { PageChanges } from "../../platform/page-topics";
import type { Actor } from "../../platform/actor";

// Versions are validated as dotted numbers, so the database can order them numerically.
const versionOrder = sql`string_to_array(${productVersions.version}, '.')::int[]`;

export type VersionRef = { id: number; productId: string; productName: string; version: string; amountMinor: number };

export function createProducts({ db, audit, now, pages }: ServiceDeps & { audit: Audit; pages: PageChanges }) {
  return {
    /** Creates the product when new, then the version; 409 when that product_id + version exists. */
    async addVersion(input: ProductVersionInput, actor: Actor): Promise<{ id: number }> {
      // The name the catalogue keeps for the product, for the messages (it may differ in case from the one typed).
      let productName = input.product_name;
      try {
        return await db.transaction(async (tx) => {
          await tx.insert(products).values({ id: input.product_id, name: input.product_name }).onConflictDoNothing();
          // A new version of an existing product must not silently drop the name typed for it.
          const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, input.product_id));
          productName = product.name;
          if (product.name.toLowerCase() !== input.product_name.toLowerCase()) {
            throw new ConflictError(`Product ${input.product_id} is named "${product.name}".`, {
              product_name: `${input.product_id} is already named "${product.name}": use that name, or choose a new product ID.`,
            });
          }
          const [row] = await tx
            .insert(productVersions)
            .values({
              productId: input.product_id,
              version: input.version,
              os: input.os,
              ram: input.ram,
              gpu: input.gpu,
              processor: input.processor,
              storage: input.storage,
              network: input.network,
              amountMinor: toMinor(input.amount),
              features: input.features,
              external: input.external,
              python: input.python,
              ...(input.draft ? { status: "draft" } : { status: "published", publishedAt: now() }),
            })
            .returning({ id: productVersions.id });
          await pages.changed(tx, "catalogue");
          await audit.record(
            {
              ...actor,
              action: "product_version.create",
              entity: "product_version",
              entityId: row.id,
              detail: { product_id: input.product_id, version: input.version },
            },
            tx,
          );
          return row;
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          const message = `Version ${input.version} of ${productName} already exists.`;
          throw new ConflictError(message, { version: message });
        }
        throw err;
      }
    },

    /** Every version with its coupons, ordered by product, then version (numerically). */
    async informations(): Promise<ProductInformation[]> {
      const [versions, couponRows] = await Promise.all([
        db
          .select({
            id: productVersions.id,
            productId: products.id,
            productName: products.name,
            version: productVersions.version,
            amountMinor: productVersions.amountMinor,
            forSale: productVersions.forSale,
            status: productVersions.status,
          })
          .from(productVersions)
          .innerJoin(products, eq(products.id, productVersions.productId))
          .where(isNull(productVersions.archivedAt))
          .orderBy(asc(products.id), versionOrder),
        db
          .select({ versionId: coupons.productVersionId, code: coupons.code, usedAt: coupons.usedAt, discount: coupons.discountPercent })
          .from(coupons)
          .orderBy(asc(coupons.id)),
      ]);
      const byVersion = new Map<number, ProductInformation["coupons"]>();
      for (const c of couponRows) {
        const list = byVersion.get(c.versionId) ?? [];
        list.push({ value: c.code, status: c.usedAt !== null, discount: c.discount });
        byVersion.set(c.versionId, list);
      }
      // The store sells a product's newest version that is for sale at a price (catalogue/for-sale.ts);
      // rows come oldest first, so the last such row of a product wins.
      const sold = new Map<string, number>();
      for (const v of versions) if (v.forSale && v.amountMinor > 0 && v.status !== "draft") sold.set(v.productId, v.id);
      return versions.map((v) => ({
        product_id: v.productId,
        product_name: v.productName,
        version: v.version,
        amount: fromMinor(v.amountMinor),
        for_sale: sold.get(v.productId) === v.id,
        coupons: byVersion.get(v.id) ?? [],
      }));
    },

    /** Product name -> its versions, oldest first. */
    async versionDetails(): Promise<VersionDetails> {
      const rows = await db
        .select({ name: products.name, version: productVersions.version })
        .from(productVersions)
        .innerJoin(products, eq(products.id, productVersions.productId))
        .where(isNull(productVersions.archivedAt))
        .orderBy(asc(products.id), versionOrder);
      // A Map, not {}: a product named "__proto__" or "constructor" would find Object.prototype's member (a 500).
      const details = new Map<string, string[]>();
      for (const r of rows) {
        const versions = details.get(r.name);
        if (versions) versions.push(r.version);
        else details.set(r.name, [r.version]);
      }
      return Object.fromEntries(details) as VersionDetails;
    },

    /** Finds a version by product (id, or name case-insensitively) and version; 404 when unknown. */
    async findVersion(product: string, version: string): Promise<VersionRef> {
      const key = product.trim().toLowerCase();
      const [row] = await db
        .select({
          id: productVersions.id,
          productId: products.id,
          productName: products.name,
          version: productVersions.version,
          amountMinor: productVersions.amountMinor,
        })
        .from(productVersions)
        .innerJoin(products, eq(products.id, productVersions.productId))
        .where(and(sql`(${products.id} = ${key} or lower(${products.name}) = ${key})`, eq(productVersions.version, version)))
        // Names need not be unique: an exact product_id match wins over a name match.
        .orderBy(sql`${products.id} = ${key} desc`, asc(products.id))
        .limit(1);
      if (!row) throw new NotFoundError(`There is no version ${version} of ${product}.`);
      return row;
    },

    /** The versions of one product (by id), oldest first. */
    async versionsOf(productId: string): Promise<string[]> {
      const rows = await db
        .select({ version: productVersions.version })
        .from(productVersions)
        .where(eq(productVersions.productId, productId));
      return rows.map((r) => r.version).sort(compareVersions);
    },
  };
}

export type Products = ReturnType<typeof createProducts>;
