CREATE TABLE "licence_activations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"licence_id" bigint NOT NULL,
	"fingerprint" text NOT NULL,
	"activated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licence_activations" ADD CONSTRAINT "licence_activations_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_activations_licence_at_idx" ON "licence_activations" USING btree ("licence_id","activated_at");