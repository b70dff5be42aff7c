CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"member_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"payment_id" bigint,
	"order_line_id" bigint,
	"provider_refund_id" text,
	"reference" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" uuid,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_method" CHECK ("refunds"."method" in ('card', 'payme', 'fps')),
	CONSTRAINT "refunds_state" CHECK ("refunds"."state" in ('requested', 'sent', 'succeeded', 'failed', 'recorded')),
	CONSTRAINT "refunds_reason" CHECK ("refunds"."reason" in ('cancel', 'missing_line', 'kept_payment'))
);
--> statement-breakpoint
ALTER TABLE "dollar_ledger" DROP CONSTRAINT "dollar_ledger_reason";--> statement-breakpoint
ALTER TABLE "credit_notices" DROP CONSTRAINT "credit_notices_kind";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_recorded_by_members_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key_idx" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_id_idx" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_state_idx" ON "refunds" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "dollar_ledger" ADD CONSTRAINT "dollar_ledger_reason" CHECK ("dollar_ledger"."reason" in ('group_refund', 'limited_refund', 'delivery_refund', 'weight_refund', 'referral_reward', 'order_payment', 'order_release', 'cancel_refund', 'late_payment_refund', 'duplicate_payment_refund', 'mismatch_payment_refund', 'admin_adjustment', 'missing_refund', 'kept_payment_returned'));--> statement-breakpoint
ALTER TABLE "credit_notices" ADD CONSTRAINT "credit_notices_kind" CHECK ("credit_notices"."kind" in ('weight', 'missing', 'adjustment', 'refund'));