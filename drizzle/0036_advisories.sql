CREATE TABLE "advisories" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"details" text NOT NULL,
	"product_id" text NOT NULL,
	"ranges" jsonb NOT NULL,
	"cvss_vector" text NOT NULL,
	"cvss_score_tenths" integer NOT NULL,
	"severity" text NOT NULL,
	"cve_id" text,
	"credits" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "advisories_cve_id_unique" UNIQUE("cve_id")
);
--> statement-breakpoint
CREATE TABLE "advisory_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advisory_notices" (
	"advisory_id" text NOT NULL,
	"licence_id" bigint NOT NULL,
	"mail_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisory_notices_advisory_id_licence_id_pk" PRIMARY KEY("advisory_id","licence_id")
);
--> statement-breakpoint
ALTER TABLE "advisories" ADD CONSTRAINT "advisories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_notices" ADD CONSTRAINT "advisory_notices_advisory_id_advisories_id_fk" FOREIGN KEY ("advisory_id") REFERENCES "public"."advisories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisory_notices" ADD CONSTRAINT "advisory_notices_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisories_published_idx" ON "advisories" USING btree ("published_at" DESC NULLS LAST) WHERE status <> 'draft';--> statement-breakpoint
CREATE INDEX "advisories_product_idx" ON "advisories" USING btree ("product_id");