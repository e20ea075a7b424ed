-- Custom migration: keeps stat_counters and order_daily_counts in step with orders and customers,
-- so the dashboard reads summaries instead of scanning every order.
INSERT INTO "stat_counters" ("name", "value") VALUES
  ('orders_placed', 0), ('orders_active', 0), ('orders_expired', 0), ('customers', 0)
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_summary_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    UPDATE "stat_counters" SET "value" = "value" + 1 WHERE "name" = 'orders_' || NEW."status";
    INSERT INTO "order_daily_counts" ("day", "count") VALUES ((NEW."created_at" AT TIME ZONE 'UTC')::date, 1)
      ON CONFLICT ("day") DO UPDATE SET "count" = "order_daily_counts"."count" + 1;
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    UPDATE "stat_counters" SET "value" = "value" - 1 WHERE "name" = 'orders_' || OLD."status";
    UPDATE "order_daily_counts" SET "count" = "count" - 1 WHERE "day" = (OLD."created_at" AT TIME ZONE 'UTC')::date;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_summary AFTER INSERT OR DELETE OR UPDATE OF "status", "created_at" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_summary_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customers_summary_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "stat_counters" SET "value" = "value" + 1 WHERE "name" = 'customers';
  ELSE
    UPDATE "stat_counters" SET "value" = "value" - 1 WHERE "name" = 'customers';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER customers_summary AFTER INSERT OR DELETE ON "customers"
  FOR EACH ROW EXECUTE FUNCTION customers_summary_trigger();
