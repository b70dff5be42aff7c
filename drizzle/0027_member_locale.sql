ALTER TABLE "members" ADD COLUMN "locale" text DEFAULT 'zh-HK' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_locale" CHECK ("members"."locale" in ('zh-HK', 'en'));