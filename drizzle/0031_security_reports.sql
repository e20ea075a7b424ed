CREATE TABLE "security_report_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"visibility" text NOT NULL,
	"body" text NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"name" text,
	"email" text NOT NULL,
	"title" text NOT NULL,
	"details" text NOT NULL,
	"product_id" text,
	"version" text,
	"credit_consent" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_reports_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "security_report_notes" ADD CONSTRAINT "security_report_notes_report_id_security_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."security_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_report_notes_report_idx" ON "security_report_notes" USING btree ("report_id","created_at");--> statement-breakpoint
CREATE INDEX "security_reports_created_idx" ON "security_reports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "security_reports_status_idx" ON "security_reports" USING btree ("status");