CREATE TABLE "artifacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_version_id" integer NOT NULL,
	"patch_release_id" integer,
	"platform" text NOT NULL,
	"arch" text NOT NULL,
	"filename" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_name" text,
	"url" text,
	"download_count" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artifacts_platform_check" CHECK ("artifacts"."platform" in ('windows', 'linux', 'mac')),
	CONSTRAINT "artifacts_arch_check" CHECK ("artifacts"."arch" in ('x86_64', 'arm64')),
	CONSTRAINT "artifacts_source_check" CHECK (("artifacts"."storage_name" is null) <> ("artifacts"."url" is null))
);
--> statement-breakpoint
ALTER TABLE "artifacts" ADD CONSTRAINT "artifacts_product_version_id_product_versions_id_fk" FOREIGN KEY ("product_version_id") REFERENCES "public"."product_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artifacts" ADD CONSTRAINT "artifacts_patch_release_id_patch_releases_id_fk" FOREIGN KEY ("patch_release_id") REFERENCES "public"."patch_releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "artifacts_release_target_key" ON "artifacts" USING btree ("product_version_id",coalesce("patch_release_id", 0),"platform","arch");--> statement-breakpoint
ALTER TABLE "patch_releases" ADD CONSTRAINT "patch_releases_status_check" CHECK ("patch_releases"."status" in ('draft', 'published', 'yanked'));--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_status_check" CHECK ("product_versions"."status" in ('draft', 'published', 'yanked'));