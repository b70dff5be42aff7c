CREATE TABLE "admin_notice_opt_outs" (
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_notice_opt_outs_member_id_kind_pk" PRIMARY KEY("member_id","kind")
);
--> statement-breakpoint
CREATE TABLE "admin_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "admin_notices_key_unique" UNIQUE("key"),
	CONSTRAINT "admin_notices_kind" CHECK ("admin_notices"."kind" in ('cycle_settled', 'sms_budget', 'job_failing', 'kept_payment', 'claims_due'))
);
--> statement-breakpoint
ALTER TABLE "admin_notice_opt_outs" ADD CONSTRAINT "admin_notice_opt_outs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_notices_unsent_idx" ON "admin_notices" USING btree ("id") WHERE "admin_notices"."sent_at" is null;