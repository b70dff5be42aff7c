CREATE TABLE "pickup_shortages" (
	"order_line_id" bigint PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"refund_cents" integer NOT NULL,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_shortages_refund_not_negative" CHECK ("pickup_shortages"."refund_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pickup_staff" (
	"member_id" uuid NOT NULL,
	"pickup_point_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_staff_member_id_pickup_point_id_pk" PRIMARY KEY("member_id","pickup_point_id")
);
--> statement-breakpoint
ALTER TABLE "dollar_ledger" DROP CONSTRAINT "dollar_ledger_reason";--> statement-breakpoint
ALTER TABLE "pickup_shortages" ADD CONSTRAINT "pickup_shortages_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_shortages" ADD CONSTRAINT "pickup_shortages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_shortages" ADD CONSTRAINT "pickup_shortages_staff_id_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_staff" ADD CONSTRAINT "pickup_staff_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_staff" ADD CONSTRAINT "pickup_staff_pickup_point_id_pickup_points_id_fk" FOREIGN KEY ("pickup_point_id") REFERENCES "public"."pickup_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pickup_shortages_order_idx" ON "pickup_shortages" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pickup_staff_point_idx" ON "pickup_staff" USING btree ("pickup_point_id");--> statement-breakpoint
ALTER TABLE "dollar_ledger" ADD CONSTRAINT "dollar_ledger_reason" CHECK ("dollar_ledger"."reason" in ('group_refund', 'limited_refund', 'delivery_refund', 'weight_refund', 'referral_reward', 'order_payment', 'order_release', 'cancel_refund', 'late_payment_refund', 'admin_adjustment', 'missing_refund'));