ALTER TABLE "orders" ADD COLUMN "pending_notice" text;--> statement-breakpoint
CREATE INDEX "orders_pending_notice_idx" ON "orders" USING btree ("id") WHERE "orders"."pending_notice" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pending_notice" CHECK ("orders"."pending_notice" in ('placed', 'paid'));