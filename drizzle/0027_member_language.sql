ALTER TABLE "members" ADD COLUMN "locale" text DEFAULT 'zh-HK' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "subject_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "body_markdown_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "locale" text DEFAULT 'zh-HK' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_locale" CHECK ("members"."locale" in ('zh-HK', 'en'));--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_locale" CHECK ("enquiries"."locale" in ('zh-HK', 'en'));