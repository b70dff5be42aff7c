CREATE TABLE "sign_in_failures" (
	"phone" text NOT NULL,
	"client" text NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"signed_in_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_failures_phone_client_pk" PRIMARY KEY("phone","client")
);
--> statement-breakpoint
CREATE TABLE "sms_budget_notices" (
	"purpose" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"percent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_budget_notices_purpose_day_percent_pk" PRIMARY KEY("purpose","day","percent")
);
--> statement-breakpoint
CREATE TABLE "sms_counters" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_counters_scope_key_window_start_pk" PRIMARY KEY("scope","key","window_start")
);
--> statement-breakpoint
CREATE TABLE "spent_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "phone_locks" CASCADE;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "client" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "verification_codes_client_idx" ON "verification_codes" USING btree ("phone","client","created_at");