ALTER TABLE "dollar_ledger" DROP CONSTRAINT "dollar_ledger_reason";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kept_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kept_notice_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reviewed_by_members_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_kept_idx" ON "payments" USING btree ("created_at") WHERE "payments"."kept_reason" is not null;--> statement-breakpoint
CREATE INDEX "payments_kept_notice_idx" ON "payments" USING btree ("id") WHERE "payments"."kept_notice_due";--> statement-breakpoint
ALTER TABLE "dollar_ledger" ADD CONSTRAINT "dollar_ledger_reason" CHECK ("dollar_ledger"."reason" in ('group_refund', 'limited_refund', 'delivery_refund', 'weight_refund', 'referral_reward', 'order_payment', 'order_release', 'cancel_refund', 'late_payment_refund', 'duplicate_payment_refund', 'mismatch_payment_refund', 'admin_adjustment', 'missing_refund'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kept_reason" CHECK ("payments"."kept_reason" in ('late', 'duplicate', 'mismatch'));--> statement-breakpoint
-- Money already received: what arrived is what was asked (a mismatch was never recorded before).
UPDATE "payments" SET "received_cents" = "amount_cents" WHERE "status" = 'succeeded';--> statement-breakpoint
-- Money kept as dDollar before this migration (paid after the order expired or was cancelled).
UPDATE "payments" SET "kept_reason" = 'late' FROM "dollar_ledger"
  WHERE "dollar_ledger"."idempotency_key" = 'payment:' || "payments"."id" || ':late';
