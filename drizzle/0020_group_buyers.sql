-- Decision 0043: the members counted in each group product's progress, kept by triggers, so a
-- storefront page counts a product's buyers from this table's key instead of joining every paid
-- order of the cycle (DESIGN §4.3: distinct members with a paid, not cancelled line). The paid
-- statuses are PAID_ORDER_STATUSES (app/domain/orders/orders.ts); a test holds them together.
CREATE TABLE "group_buyers" (
	"cycle_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"member_id" uuid NOT NULL,
	"lines" integer NOT NULL,
	CONSTRAINT "group_buyers_cycle_id_product_id_member_id_pk" PRIMARY KEY("cycle_id","product_id","member_id"),
	CONSTRAINT "group_buyers_lines_positive" CHECK ("group_buyers"."lines" >= 1)
);
--> statement-breakpoint
INSERT INTO "group_buyers" ("cycle_id", "product_id", "member_id", "lines")
SELECT o."cycle_id", l."product_id", o."member_id", count(*)::int
FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
WHERE o."status" IN ('paid', 'confirmed', 'ready_for_pickup', 'collected') AND l."status" = 'active'
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Adds (or with a negative count takes away) a member's counted lines of a product in a cycle.
CREATE FUNCTION "group_buyers_count"(cycle integer, member uuid, product integer, change integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF change > 0 THEN
    INSERT INTO "group_buyers" ("cycle_id", "product_id", "member_id", "lines")
    VALUES (cycle, product, member, change)
    ON CONFLICT ("cycle_id", "product_id", "member_id")
    DO UPDATE SET "lines" = "group_buyers"."lines" + excluded."lines";
  ELSE
    DELETE FROM "group_buyers"
    WHERE "cycle_id" = cycle AND "product_id" = product AND "member_id" = member AND "lines" <= -change;
    UPDATE "group_buyers" SET "lines" = "lines" + change
    WHERE "cycle_id" = cycle AND "product_id" = product AND "member_id" = member;
  END IF;
END $$;
--> statement-breakpoint
-- An order that becomes paid counts its active lines; one that stops being paid (cancelled,
-- refunded) no longer does.
CREATE FUNCTION "group_buyers_of_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" IN ('paid', 'confirmed', 'ready_for_pickup', 'collected') THEN
    PERFORM "group_buyers_count"(OLD."cycle_id", OLD."member_id", l."product_id", -count(*)::int)
    FROM "order_lines" l WHERE l."order_id" = OLD."id" AND l."status" = 'active'
    GROUP BY l."product_id";
  END IF;
  IF NEW."status" IN ('paid', 'confirmed', 'ready_for_pickup', 'collected') THEN
    PERFORM "group_buyers_count"(NEW."cycle_id", NEW."member_id", l."product_id", count(*)::int)
    FROM "order_lines" l WHERE l."order_id" = NEW."id" AND l."status" = 'active'
    GROUP BY l."product_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_group_buyers" AFTER UPDATE OF "status", "cycle_id", "member_id" ON "orders"
FOR EACH ROW WHEN (
  (OLD."status" IN ('paid', 'confirmed', 'ready_for_pickup', 'collected'))
    IS DISTINCT FROM (NEW."status" IN ('paid', 'confirmed', 'ready_for_pickup', 'collected'))
  OR (NEW."status" IN ('paid', 'confirmed', 'ready_for_pickup', 'collected')
    AND (OLD."cycle_id", OLD."member_id") IS DISTINCT FROM (NEW."cycle_id", NEW."member_id"))
) EXECUTE FUNCTION "group_buyers_of_order"();
--> statement-breakpoint
-- Lines of paid orders that are added, cancelled or moved count, or no longer do: one call a
-- statement, with the rows it changed (settlement cancels a failed group's lines in one update).
CREATE FUNCTION "group_buyers_of_new_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "group_buyers" ("cycle_id", "product_id", "member_id", "lines")
  SELECT o."cycle_id", l."product_id", o."member_id", count(*)::int
  FROM "new_lines" l JOIN "orders" o ON o."id" = l."order_id"
  WHERE l."status" = 'active' AND o."status" IN ('paid', 'confirmed', 'ready_for_pickup', 'collected')
  GROUP BY 1, 2, 3
  ON CONFLICT ("cycle_id", "product_id", "member_id")
  DO UPDATE SET "lines" = "group_buyers"."lines" + excluded."lines";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "group_buyers_of_changed_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- What stops counting: active lines before that are not the same active line after.
  WITH "gone" AS (
    SELECT o."cycle_id", b."product_id", o."member_id", count(*)::int AS "lines"
    FROM "old_lines" b JOIN "new_lines" a ON a."id" = b."id" JOIN "orders" o ON o."id" = b."order_id"
    WHERE b."status" = 'active' AND o."status" IN ('paid', 'confirmed', 'ready_for_pickup', 'collected')
      AND (a."status", a."product_id", a."order_id") IS DISTINCT FROM (b."status", b."product_id", b."order_id")
    GROUP BY 1, 2, 3
  ), "emptied" AS (
    DELETE FROM "group_buyers" g USING "gone"
    WHERE g."cycle_id" = "gone"."cycle_id" AND g."product_id" = "gone"."product_id"
      AND g."member_id" = "gone"."member_id" AND g."lines" <= "gone"."lines"
  )
  UPDATE "group_buyers" g SET "lines" = g."lines" - "gone"."lines" FROM "gone"
  WHERE g."cycle_id" = "gone"."cycle_id" AND g."product_id" = "gone"."product_id"
    AND g."member_id" = "gone"."member_id" AND g."lines" > "gone"."lines";
  -- What starts counting: active lines after that were not the same active line before.
  INSERT INTO "group_buyers" ("cycle_id", "product_id", "member_id", "lines")
  SELECT o."cycle_id", a."product_id", o."member_id", count(*)::int
  FROM "new_lines" a JOIN "old_lines" b ON b."id" = a."id" JOIN "orders" o ON o."id" = a."order_id"
  WHERE a."status" = 'active' AND o."status" IN ('paid', 'confirmed', 'ready_for_pickup', 'collected')
    AND (a."status", a."product_id", a."order_id") IS DISTINCT FROM (b."status", b."product_id", b."order_id")
  GROUP BY 1, 2, 3
  ON CONFLICT ("cycle_id", "product_id", "member_id")
  DO UPDATE SET "lines" = "group_buyers"."lines" + excluded."lines";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_lines_group_buyers_added" AFTER INSERT ON "order_lines"
REFERENCING NEW TABLE AS "new_lines"
FOR EACH STATEMENT EXECUTE FUNCTION "group_buyers_of_new_lines"();
--> statement-breakpoint
-- Transition tables cannot go with a list of columns: it runs for every update of order lines
-- (weighing too), and finds nothing to do unless a status, product or order changed.
CREATE TRIGGER "order_lines_group_buyers_changed" AFTER UPDATE ON "order_lines"
REFERENCING OLD TABLE AS "old_lines" NEW TABLE AS "new_lines"
FOR EACH STATEMENT EXECUTE FUNCTION "group_buyers_of_changed_lines"();
