ALTER TABLE "banners" ALTER COLUMN "image_desktop" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ALTER COLUMN "image_mobile" DROP NOT NULL;--> statement-breakpoint
-- The top banner's lines move from site_settings into banners (kind 'top'), in the order they had.
INSERT INTO "banners" ("kind", "title", "position", "active")
SELECT 'top', line.value, (line.ordinality - 1)::int, true
FROM "site_settings", jsonb_array_elements_text("site_settings"."top_banners") WITH ORDINALITY AS line(value, ordinality)
WHERE "site_settings"."id" = 1;--> statement-breakpoint
ALTER TABLE "site_settings" DROP COLUMN "top_banners";
