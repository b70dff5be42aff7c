CREATE TABLE "sms_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sms_sends_created_idx" ON "sms_sends" USING btree ("created_at");