ALTER TABLE "mail_outbox" ADD COLUMN "secrets" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "secret_ref" jsonb;