ALTER TABLE "patch_releases" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "patch_releases" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patch_releases" ADD COLUMN "yank_reason" text;--> statement-breakpoint
ALTER TABLE "product_versions" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_versions" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_versions" ADD COLUMN "yank_reason" text;