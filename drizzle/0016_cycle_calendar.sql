ALTER TABLE "pickup_points" ADD COLUMN "open_days" integer[] DEFAULT '{1,2,3,4,5}' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "weekly_cutoff_weekday" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "weekly_cutoff_minute" integer DEFAULT 1439 NOT NULL;