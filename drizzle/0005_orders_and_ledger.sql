CREATE TABLE "cart_items" (
	"member_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_member_id_product_id_pk" PRIMARY KEY("member_id","product_id"),
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "checkout_drafts" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"pickup_point_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"discount_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"percentage_discount" integer DEFAULT 100 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"total_limit" integer,
	"per_member_limit" integer,
	"min_items_cents" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_percentage" CHECK ("discount_codes"."percentage_discount" between 0 and 100),
	CONSTRAINT "discount_codes_used_within_limit" CHECK ("discount_codes"."total_limit" is null or "discount_codes"."used_count" <= "discount_codes"."total_limit"),
	CONSTRAINT "discount_codes_used_not_negative" CHECK ("discount_codes"."used_count" >= 0),
	CONSTRAINT "discount_codes_min_items_not_negative" CHECK ("discount_codes"."min_items_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "dollar_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" bigint,
	"order_line_id" bigint,
	"admin_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dollar_ledger_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "dollar_ledger_reason" CHECK ("dollar_ledger"."reason" in ('group_refund', 'limited_refund', 'delivery_refund', 'weight_refund', 'referral_reward', 'order_payment', 'order_release', 'admin_adjustment')),
	CONSTRAINT "dollar_ledger_amount_not_zero" CHECK ("dollar_ledger"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"unit" text NOT NULL,
	"default_weight" numeric(8, 3) NOT NULL,
	"quantity" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"gather_price_cents" integer NOT NULL,
	"market_price_cents" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"actual_weight" numeric(10, 3),
	"status" text DEFAULT 'active' NOT NULL,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" >= 1),
	CONSTRAINT "order_lines_amount_not_negative" CHECK ("order_lines"."amount_cents" >= 0),
	CONSTRAINT "order_lines_actual_weight_positive" CHECK ("order_lines"."actual_weight" is null or "order_lines"."actual_weight" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"member_id" uuid NOT NULL,
	"cycle_id" integer NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"pickup_point_id" integer NOT NULL,
	"pickup_code" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"discount_code_id" integer,
	"percentage_discount" integer DEFAULT 100 NOT NULL,
	"items_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"delivery_fee_cents" integer DEFAULT 0 NOT NULL,
	"d_dollar_used_cents" integer DEFAULT 0 NOT NULL,
	"payable_cents" integer NOT NULL,
	"card_fee_cents" integer DEFAULT 0 NOT NULL,
	"payment_method" text,
	"age_confirmed" boolean DEFAULT false NOT NULL,
	"idempotency_key" text NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_pickup_code_unique" UNIQUE("pickup_code"),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('pending_payment', 'paid', 'confirmed', 'ready_for_pickup', 'collected', 'expired', 'cancelled')),
	CONSTRAINT "orders_amounts_not_negative" CHECK ("orders"."items_cents" >= 0 and "orders"."discount_cents" >= 0
      and "orders"."delivery_fee_cents" >= 0 and "orders"."d_dollar_used_cents" >= 0 and "orders"."payable_cents" >= 0
      and "orders"."card_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_drafts" ADD CONSTRAINT "checkout_drafts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_drafts" ADD CONSTRAINT "checkout_drafts_pickup_point_id_pickup_points_id_fk" FOREIGN KEY ("pickup_point_id") REFERENCES "public"."pickup_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dollar_ledger" ADD CONSTRAINT "dollar_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dollar_ledger" ADD CONSTRAINT "dollar_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dollar_ledger" ADD CONSTRAINT "dollar_ledger_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dollar_ledger" ADD CONSTRAINT "dollar_ledger_admin_id_members_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_members_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cycle_id_order_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."order_cycles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_point_id_pickup_points_id_fk" FOREIGN KEY ("pickup_point_id") REFERENCES "public"."pickup_points"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "dollar_ledger_member_idx" ON "dollar_ledger" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "dollar_ledger_order_idx" ON "dollar_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_member_idempotency_idx" ON "orders" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_cycle_status_idx" ON "orders" USING btree ("cycle_id","status");--> statement-breakpoint
CREATE INDEX "orders_pickup_point_idx" ON "orders" USING btree ("pickup_point_id","cycle_id");--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider","provider_ref");