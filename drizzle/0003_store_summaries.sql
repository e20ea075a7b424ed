-- Custom migration: only paid orders (placed, active, expired) count on the dashboard; pending,
-- failed and refunded orders never do. A paid order counts on the UTC day it was paid (seeded
-- orders without paid_at: the day they were created) and adds its total to that day's revenue_minor.
CREATE OR REPLACE FUNCTION orders_summary_trigger() RETURNS trigger AS $$
DECLARE
  old_paid boolean := false;
  new_paid boolean := false;
  old_day date;
  new_day date;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    new_paid := NEW."status" IN ('placed', 'active', 'expired');
    new_day := (COALESCE(NEW."paid_at", NEW."created_at") AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_paid := OLD."status" IN ('placed', 'active', 'expired');
    old_day := (COALESCE(OLD."paid_at", OLD."created_at") AT TIME ZONE 'UTC')::date;
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
  -- placed -> active -> expired keeps the day and the amount: the daily row is not touched (no hot-row lock).
  IF old_paid AND new_paid AND old_day = new_day AND OLD."amount_paid_minor" = NEW."amount_paid_minor" THEN
    RETURN NULL;
  END IF;
  IF new_paid THEN
    INSERT INTO "order_daily_counts" ("day", "count", "revenue_minor") VALUES (new_day, 1, NEW."amount_paid_minor")
      ON CONFLICT ("day") DO UPDATE SET "count" = "order_daily_counts"."count" + 1,
        "revenue_minor" = "order_daily_counts"."revenue_minor" + EXCLUDED."revenue_minor";
  END IF;
  IF old_paid THEN
    UPDATE "order_daily_counts" SET "count" = "count" - 1, "revenue_minor" = "revenue_minor" - OLD."amount_paid_minor"
      WHERE "day" = old_day;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS orders_summary ON "orders";
--> statement-breakpoint
CREATE TRIGGER orders_summary AFTER INSERT OR DELETE OR UPDATE OF "status", "created_at", "paid_at", "amount_paid_minor" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_summary_trigger();
--> statement-breakpoint
-- Orders stored before this migration were all paid (seed:demo, tests): their revenue, per day.
UPDATE "order_daily_counts" AS d SET "revenue_minor" = s."revenue"
  FROM (SELECT (COALESCE("paid_at", "created_at") AT TIME ZONE 'UTC')::date AS "day", sum("amount_paid_minor") AS "revenue"
        FROM "orders" WHERE "status" IN ('placed', 'active', 'expired') GROUP BY 1) AS s
  WHERE d."day" = s."day";
