-- Custom migration: the overview's revenue net of refunds. A refunded order stays in the daily
-- summaries of the day it was paid (the sale happened), and each processed refund is counted in
-- refund_daily_counts on the day it was processed (server/features/store/refunds.ts): the overview
-- subtracts the one from the other. Before, a fully refunded order left its paid day's revenue and a
-- partial refund was never subtracted. stat_counters still count only placed, active and expired orders.
-- Days are India's, as in 0025 (docs/decisions/101-one-way-to-write-time.md): UTC+05:30 all year.
CREATE OR REPLACE FUNCTION orders_summary_trigger() RETURNS trigger AS $$
DECLARE
  old_paid boolean := false;
  new_paid boolean := false;
  old_sold boolean := false;
  new_sold boolean := false;
  old_day date;
  new_day date;
  old_product text;
  new_product text;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    new_paid := NEW."status" IN ('placed', 'active', 'expired');
    new_sold := NEW."status" IN ('placed', 'active', 'expired', 'refunded');
    new_day := (COALESCE(NEW."paid_at", NEW."created_at") AT TIME ZONE INTERVAL '+05:30')::date;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_paid := OLD."status" IN ('placed', 'active', 'expired');
    old_sold := OLD."status" IN ('placed', 'active', 'expired', 'refunded');
    old_day := (COALESCE(OLD."paid_at", OLD."created_at") AT TIME ZONE INTERVAL '+05:30')::date;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."status" = NEW."status" THEN
    NULL;
  ELSE
    IF new_paid THEN
      UPDATE "stat_counters" SET "value" = "value" + 1 WHERE "name" = 'orders_' || NEW."status";
    END IF;
    IF old_paid THEN
      UPDATE "stat_counters" SET "value" = "value" - 1 WHERE "name" = 'orders_' || OLD."status";
    END IF;
  END IF;
  -- placed -> active -> expired -> refunded keeps the day, the amount and the version: the daily rows are not touched.
  IF old_sold AND new_sold AND old_day = new_day AND OLD."amount_paid_minor" = NEW."amount_paid_minor"
      AND OLD."product_version_id" = NEW."product_version_id" THEN
    RETURN NULL;
  END IF;
  IF new_sold THEN
    INSERT INTO "order_daily_counts" ("day", "count", "revenue_minor") VALUES (new_day, 1, NEW."amount_paid_minor")
      ON CONFLICT ("day") DO UPDATE SET "count" = "order_daily_counts"."count" + 1,
        "revenue_minor" = "order_daily_counts"."revenue_minor" + EXCLUDED."revenue_minor";
    SELECT "product_id" INTO new_product FROM "product_versions" WHERE "id" = NEW."product_version_id";
    INSERT INTO "order_daily_product_counts" ("day", "product_id", "count", "revenue_minor")
      VALUES (new_day, new_product, 1, NEW."amount_paid_minor")
      ON CONFLICT ("day", "product_id") DO UPDATE SET "count" = "order_daily_product_counts"."count" + 1,
        "revenue_minor" = "order_daily_product_counts"."revenue_minor" + EXCLUDED."revenue_minor";
  END IF;
  IF old_sold THEN
    UPDATE "order_daily_counts" SET "count" = "count" - 1, "revenue_minor" = "revenue_minor" - OLD."amount_paid_minor"
      WHERE "day" = old_day;
    SELECT "product_id" INTO old_product FROM "product_versions" WHERE "id" = OLD."product_version_id";
    UPDATE "order_daily_product_counts" SET "count" = "count" - 1, "revenue_minor" = "revenue_minor" - OLD."amount_paid_minor"
      WHERE "day" = old_day AND "product_id" = old_product;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Refunded orders already stored go back into their paid day.
INSERT INTO "order_daily_counts" ("day", "count", "revenue_minor")
  SELECT (COALESCE("paid_at", "created_at") AT TIME ZONE INTERVAL '+05:30')::date, count(*), sum("amount_paid_minor")
  FROM "orders" WHERE "status" = 'refunded' GROUP BY 1
  ON CONFLICT ("day") DO UPDATE SET "count" = "order_daily_counts"."count" + EXCLUDED."count",
    "revenue_minor" = "order_daily_counts"."revenue_minor" + EXCLUDED."revenue_minor";
--> statement-breakpoint
INSERT INTO "order_daily_product_counts" ("day", "product_id", "count", "revenue_minor")
  SELECT (COALESCE(o."paid_at", o."created_at") AT TIME ZONE INTERVAL '+05:30')::date, pv."product_id", count(*), sum(o."amount_paid_minor")
  FROM "orders" o JOIN "product_versions" pv ON pv."id" = o."product_version_id"
  WHERE o."status" = 'refunded' GROUP BY 1, 2
  ON CONFLICT ("day", "product_id") DO UPDATE SET "count" = "order_daily_product_counts"."count" + EXCLUDED."count",
    "revenue_minor" = "order_daily_product_counts"."revenue_minor" + EXCLUDED."revenue_minor";
--> statement-breakpoint
-- Refunds processed before this migration: processed when they were written, as far as is known.
UPDATE "refunds" SET "processed_at" = "created_at" WHERE "status" = 'processed' AND "processed_at" IS NULL;
--> statement-breakpoint
INSERT INTO "refund_daily_counts" ("day", "product_id", "count", "amount_minor")
  SELECT (r."processed_at" AT TIME ZONE INTERVAL '+05:30')::date, pv."product_id", count(*), sum(r."amount_minor")
  FROM "refunds" r JOIN "orders" o ON o."id" = r."order_id" JOIN "product_versions" pv ON pv."id" = o."product_version_id"
  WHERE r."status" = 'processed' GROUP BY 1, 2;
