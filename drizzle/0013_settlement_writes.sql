-- Decision 0018: the ledger points at orders and lines without foreign keys, no orders index
-- mentions status, and orders and members keep half of each page free, room for one new version
-- of every row (settlement changes each paid order's status and each credited member's balance).
ALTER TABLE "dollar_ledger" DROP CONSTRAINT "dollar_ledger_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "dollar_ledger" DROP CONSTRAINT "dollar_ledger_order_line_id_order_lines_id_fk";
--> statement-breakpoint
DROP INDEX "orders_cycle_status_idx";--> statement-breakpoint
UPDATE "orders" SET "expires_at" = NULL WHERE "status" <> 'pending_payment' AND "expires_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX "orders_pending_expiry_idx";--> statement-breakpoint
CREATE INDEX "orders_cycle_idx" ON "orders" USING btree ("cycle_id");--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."expires_at" is not null;--> statement-breakpoint
ALTER TABLE "orders" SET (fillfactor = 50);--> statement-breakpoint
ALTER TABLE "members" SET (fillfactor = 50);--> statement-breakpoint
CREATE FUNCTION "refuse_order_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'orders and order lines are records of money and are never deleted (decision 0018)'
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_never_deleted" BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "refuse_order_delete"();--> statement-breakpoint
CREATE TRIGGER "order_lines_never_deleted" BEFORE DELETE ON "order_lines" FOR EACH ROW EXECUTE FUNCTION "refuse_order_delete"();
