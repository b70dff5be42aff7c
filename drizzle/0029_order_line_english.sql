ALTER TABLE "order_lines" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Lines placed before: the product's English name where the product still has the name it was sold under.
UPDATE "order_lines" SET "name_en" = "products"."name_en" FROM "products" WHERE "products"."id" = "order_lines"."product_id" AND "products"."name" = "order_lines"."name";
