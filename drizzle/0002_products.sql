CREATE TABLE "order_cycles" (
	"id" serial PRIMARY KEY NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"pickup_from" date NOT NULL,
	"pickup_to" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_cycles_status" CHECK ("order_cycles"."status" in ('open', 'settling', 'settled')),
	CONSTRAINT "order_cycles_pickup_order" CHECK ("order_cycles"."pickup_to" >= "order_cycles"."pickup_from")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"mode" text NOT NULL,
	"price_cents" integer NOT NULL,
	"gather_price_cents" integer NOT NULL,
	"market_price_cents" integer NOT NULL,
	"unit" text DEFAULT '件' NOT NULL,
	"default_weight" numeric(8, 3) DEFAULT 1 NOT NULL,
	"stock" integer,
	"add_to_cart_qty" integer DEFAULT 1 NOT NULL,
	"max_per_member" integer,
	"target_buyers" integer,
	"is_published" boolean DEFAULT false NOT NULL,
	"age_restricted" boolean DEFAULT false NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer,
	"brand_id" integer,
	"merchant_id" integer,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_mode" CHECK ("products"."mode" in ('general', 'limited', 'instock')),
	CONSTRAINT "products_price_not_negative" CHECK ("products"."price_cents" >= 0),
	CONSTRAINT "products_gather_price_not_negative" CHECK ("products"."gather_price_cents" >= 0),
	CONSTRAINT "products_market_price_not_negative" CHECK ("products"."market_price_cents" >= 0),
	CONSTRAINT "products_gather_price_not_above_price" CHECK ("products"."gather_price_cents" <= "products"."price_cents"),
	CONSTRAINT "products_stock_not_negative" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_instock_has_stock" CHECK ("products"."mode" <> 'instock' or "products"."stock" is not null),
	CONSTRAINT "products_group_has_target" CHECK ("products"."mode" = 'instock' or "products"."target_buyers" >= 1),
	CONSTRAINT "products_default_weight_positive" CHECK ("products"."default_weight" > 0),
	CONSTRAINT "products_piece_weight_one" CHECK ("products"."unit" <> '件' or "products"."default_weight" = 1),
	CONSTRAINT "products_add_to_cart_qty_positive" CHECK ("products"."add_to_cart_qty" >= 1),
	CONSTRAINT "products_max_per_member_positive" CHECK ("products"."max_per_member" >= 1),
	CONSTRAINT "products_name_not_blank" CHECK (btrim("products"."name") <> '')
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_subcategory_id_categories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_cycles_one_open_idx" ON "order_cycles" USING btree ("status") WHERE "order_cycles"."status" = 'open';--> statement-breakpoint
CREATE INDEX "products_listing_price_idx" ON "products" USING btree ("gather_price_cents","id") WHERE "products"."is_published";--> statement-breakpoint
CREATE INDEX "products_listing_mode_price_idx" ON "products" USING btree ("mode","gather_price_cents","id") WHERE "products"."is_published";--> statement-breakpoint
CREATE INDEX "products_listing_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."is_published";--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","subcategory_id");--> statement-breakpoint
CREATE INDEX "products_subcategory_idx" ON "products" USING btree ("subcategory_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_merchant_idx" ON "products" USING btree ("merchant_id");