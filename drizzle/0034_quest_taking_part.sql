ALTER TABLE "customer_sign_ins" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_sign_ins" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quest_submissions" ADD COLUMN "links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quest_submissions" ADD COLUMN "attachment_storage_name" text;--> statement-breakpoint
ALTER TABLE "quest_submissions" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "quest_submissions" ADD COLUMN "attachment_size" bigint;--> statement-breakpoint
CREATE INDEX "customer_sign_ins_email_idx" ON "customer_sign_ins" USING btree ("email","created_at" DESC NULLS LAST);