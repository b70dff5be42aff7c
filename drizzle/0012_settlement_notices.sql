CREATE TABLE "settlement_notices" (
	"cycle_id" integer NOT NULL,
	"member_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "settlement_notices_cycle_id_member_id_pk" PRIMARY KEY("cycle_id","member_id")
);
--> statement-breakpoint
CREATE INDEX "settlement_notices_unsent_idx" ON "settlement_notices" USING btree ("created_at") WHERE "settlement_notices"."sent_at" is null;