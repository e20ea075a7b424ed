-- Rows made before release status existed were all public: published on the day they were created.
UPDATE "product_versions" SET "published_at" = "created_at" WHERE "status" = 'published' AND "published_at" IS NULL;--> statement-breakpoint
UPDATE "patch_releases" SET "published_at" = "created_at" WHERE "status" = 'published' AND "published_at" IS NULL;

