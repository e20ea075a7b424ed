CREATE TABLE "quest_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quest_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_answer_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "public_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "kind" text DEFAULT 'submission' NOT NULL;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "rules" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "prize_kind" text DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "prize_amount_paise" bigint;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "prize_product_id" text;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "prize_version" text;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "prize_percent" integer;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "winners" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "flag_hash" text;--> statement-breakpoint
ALTER TABLE "quest_submissions" ADD CONSTRAINT "quest_submissions_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_submissions" ADD CONSTRAINT "quest_submissions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quest_submissions_one_per_participant" ON "quest_submissions" USING btree ("quest_id","customer_id");--> statement-breakpoint
CREATE INDEX "quest_submissions_answered_idx" ON "quest_submissions" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "quests" ADD CONSTRAINT "quests_status_check" CHECK ("quests"."status" in ('draft', 'open', 'judging', 'closed'));--> statement-breakpoint
ALTER TABLE "quests" ADD CONSTRAINT "quests_winners_check" CHECK ("quests"."winners" between 1 and 100);