CREATE TABLE "credit_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch" text NOT NULL,
	"member_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"kind" text NOT NULL,
	"cents" integer NOT NULL,
	"order_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "credit_notices_kind" CHECK ("credit_notices"."kind" in ('weight', 'missing', 'adjustment')),
	CONSTRAINT "credit_notices_cents_positive" CHECK ("credit_notices"."cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notices_unsent_batch_idx" ON "credit_notices" USING btree ("batch","member_id") WHERE "credit_notices"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "credit_notices_due_idx" ON "credit_notices" USING btree ("due_at") WHERE "credit_notices"."sent_at" is null;