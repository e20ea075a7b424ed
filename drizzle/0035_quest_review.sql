ALTER TABLE "quest_submissions" ADD COLUMN "public_note" text;--> statement-breakpoint
ALTER TABLE "quest_submissions" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quest_submissions" ADD COLUMN "prize_order_id" bigint;--> statement-breakpoint
ALTER TABLE "quest_submissions" ADD COLUMN "prize_coupon_id" integer;--> statement-breakpoint
ALTER TABLE "quest_submissions" ADD COLUMN "cash_method" text;--> statement-breakpoint
ALTER TABLE "quest_submissions" ADD COLUMN "cash_reference" text;--> statement-breakpoint
ALTER TABLE "quest_submissions" ADD COLUMN "cash_amount_paise" bigint;--> statement-breakpoint
ALTER TABLE "quest_submissions" ADD COLUMN "cash_paid_on" date;--> statement-breakpoint
ALTER TABLE "quest_submissions" ADD CONSTRAINT "quest_submissions_prize_order_id_orders_id_fk" FOREIGN KEY ("prize_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_submissions" ADD CONSTRAINT "quest_submissions_prize_coupon_id_coupons_id_fk" FOREIGN KEY ("prize_coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;