CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_series_financial_year_pk" PRIMARY KEY("series","financial_year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" bigint NOT NULL,
	"refund_id" bigint,
	"reverses_id" bigint,
	"financial_year" text NOT NULL,
	"seq" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"tax_invoice" boolean NOT NULL,
	"supplier_legal_name" text NOT NULL,
	"supplier_address" text,
	"supplier_gstin" text,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_gstin" text,
	"buyer_legal_name" text,
	"buyer_address" text,
	"place_of_supply" text,
	"sac" text,
	"description" text NOT NULL,
	"rate_bp" integer DEFAULT 0 NOT NULL,
	"taxable_minor" bigint NOT NULL,
	"cgst_minor" bigint DEFAULT 0 NOT NULL,
	"sgst_minor" bigint DEFAULT 0 NOT NULL,
	"igst_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_refund_id_unique" UNIQUE("refund_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_state_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_legal_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_minor" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_reverses_id_invoices_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_invoice_key" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_kind_year_seq_key" ON "invoices" USING btree ("kind","financial_year","seq");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","id");