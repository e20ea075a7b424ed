-- Custom migration: the overview's days are India's (docs/decisions/101-one-way-to-write-time.md).
-- orders_summary_trigger (0009) now counts a paid order on the India day it was paid; India keeps
-- UTC+05:30 all year, so a fixed interval is exact and needs no time zone database.
CREATE OR REPLACE FUNCTION orders_summary_trigger() RETURNS trigger AS $$
DECLARE
  old_paid boolean := false;
  new_paid boolean := false;
  old_day date;
  new_day date;
  old_product text;
  new_product text;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    new_paid := NEW."status" IN ('placed', 'active', 'expired');
    new_day := (COALESCE(NEW."paid_at", NEW."created_at") AT TIME ZONE INTERVAL '+05:30')::date;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_paid := OLD."status" IN ('placed', 'active', 'expired');
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
  -- placed -> active -> expired keeps the day, the amount and the version: the daily rows are not touched (no hot-row lock).
  IF old_paid AND new_paid AND old_day = new_day AND OLD."amount_paid_minor" = NEW."amount_paid_minor"
      AND OLD."product_version_id" = NEW."product_version_id" THEN
    RETURN NULL;
  END IF;
  IF new_paid THEN
    INSERT INTO "order_daily_counts" ("day", "count", "revenue_minor") VALUES (new_day, 1, NEW."amount_paid_minor")
      ON CONFLICT ("day") DO UPDATE SET "count" = "order_daily_counts"."count" + 1,
        "revenue_minor" = "order_daily_counts"."revenue_minor" + EXCLUDED."revenue_minor";
    SELECT "product_id" INTO new_product FROM "product_versions" WHERE "id" = NEW."product_version_id";
    INSERT INTO "order_daily_product_counts" ("day", "product_id", "count", "revenue_minor")
      VALUES (new_day, new_product, 1, NEW."amount_paid_minor")
      ON CONFLICT ("day", "product_id") DO UPDATE SET "count" = "order_daily_product_counts"."count" + 1,
        "revenue_minor" = "order_daily_product_counts"."revenue_minor" + EXCLUDED."revenue_minor";
  END IF;
  IF old_paid THEN
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
-- The summaries already stored, counted again by India days.
DELETE FROM "order_daily_counts";
--> statement-breakpoint
DELETE FROM "order_daily_product_counts";
--> statement-breakpoint
INSERT INTO "order_daily_counts" ("day", "count", "revenue_minor")
  SELECT (COALESCE(o."paid_at", o."created_at") AT TIME ZONE INTERVAL '+05:30')::date, count(*), sum(o."amount_paid_minor")
  FROM "orders" o
  WHERE o."status" IN ('placed', 'active', 'expired')
  GROUP BY 1;
--> statement-breakpoint
INSERT INTO "order_daily_product_counts" ("day", "product_id", "count", "revenue_minor")
  SELECT (COALESCE(o."paid_at", o."created_at") AT TIME ZONE INTERVAL '+05:30')::date, pv."product_id", count(*), sum(o."amount_paid_minor")
  FROM "orders" o JOIN "product_versions" pv ON pv."id" = o."product_version_id"
  WHERE o."status" IN ('placed', 'active', 'expired')
  GROUP BY 1, 2;
