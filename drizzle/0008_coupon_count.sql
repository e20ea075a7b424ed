-- Custom migration: stat_counters.coupons holds the number of coupon rows, so the admin's unfiltered
-- coupon list need not count a million codes to say "more than 10,000" (the list's atLeast, decision 076).
-- Statement-level triggers: a generated batch adds its size in one UPDATE, and using or voiding a
-- coupon (an UPDATE) never touches the counter, so checkouts do not queue on its row.
INSERT INTO "stat_counters" ("name", "value") SELECT 'coupons', count(*) FROM "coupons"
  ON CONFLICT ("name") DO UPDATE SET "value" = EXCLUDED."value";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION coupons_count_insert() RETURNS trigger AS $$
BEGIN
  UPDATE "stat_counters" SET "value" = "value" + (SELECT count(*) FROM new_coupons) WHERE "name" = 'coupons';
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION coupons_count_delete() RETURNS trigger AS $$
BEGIN
  UPDATE "stat_counters" SET "value" = "value" - (SELECT count(*) FROM old_coupons) WHERE "name" = 'coupons';
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION coupons_count_truncate() RETURNS trigger AS $$
BEGIN
  UPDATE "stat_counters" SET "value" = 0 WHERE "name" = 'coupons';
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER coupons_count_insert AFTER INSERT ON "coupons" REFERENCING NEW TABLE AS new_coupons
  FOR EACH STATEMENT EXECUTE FUNCTION coupons_count_insert();
--> statement-breakpoint
CREATE TRIGGER coupons_count_delete AFTER DELETE ON "coupons" REFERENCING OLD TABLE AS old_coupons
  FOR EACH STATEMENT EXECUTE FUNCTION coupons_count_delete();
--> statement-breakpoint
CREATE TRIGGER coupons_count_truncate AFTER TRUNCATE ON "coupons"
  FOR EACH STATEMENT EXECUTE FUNCTION coupons_count_truncate();
