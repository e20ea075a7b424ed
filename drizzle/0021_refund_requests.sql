ALTER TABLE "refunds" ALTER COLUMN "provider_refund_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "revoke_licence" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_idempotency_key" ON "refunds" USING btree ("order_id","idempotency_key");