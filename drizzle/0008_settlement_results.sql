CREATE TABLE "group_results" (
	"cycle_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"buyers" integer NOT NULL,
	"target_buyers" integer,
	"outcome" text NOT NULL,
	CONSTRAINT "group_results_cycle_id_product_id_pk" PRIMARY KEY("cycle_id","product_id"),
	CONSTRAINT "group_results_outcome" CHECK ("group_results"."outcome" in ('met', 'missed'))
);
--> statement-breakpoint
ALTER TABLE "order_cycles" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_cycles" ADD COLUMN "settled_by" uuid;--> statement-breakpoint
ALTER TABLE "group_results" ADD CONSTRAINT "group_results_cycle_id_order_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."order_cycles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_results" ADD CONSTRAINT "group_results_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cycles" ADD CONSTRAINT "order_cycles_settled_by_members_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;