ALTER TABLE "site_settings" ADD COLUMN "fps_identifier" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "fps_account_name" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_fps_pair" CHECK (("site_settings"."fps_identifier" is null) = ("site_settings"."fps_account_name" is null));