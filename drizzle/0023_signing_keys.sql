CREATE TABLE "signing_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"algorithm" text NOT NULL,
	"public_key" text NOT NULL,
	"secret_enc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "signing_keys_current_idx" ON "signing_keys" USING btree ("purpose") WHERE "signing_keys"."retired_at" is null;