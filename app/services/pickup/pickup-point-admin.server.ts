/**
 * The back office's pickup points (DESIGN §4.13): a point goes only while no order names it (an
 * order keeps its pickup point for its pickup code, invoice and history); a point with orders is
 * deactivated instead, leaving /location and the checkout while its orders stay as they are.
 */
import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { merchants, orders, pickupDistricts, pickupPoints } from "~/db/schema/index.ts";
import type { PickupPointInput, PickupPointListQuery } from "~/domain/pickup/admin-pickup.schema.ts";
import { containsPattern } from "~/domain/shared/like-pattern.ts";
import { changedFields } from "~/domain/site/admin-audit.ts";
import { listAudit, recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { readListPage } from "../shared/list-page.server.ts";

import { FOREIGN_KEY_VIOLATION, pgCode } from "./pickup-admin-shared.server.ts";

type PointRow = typeof pickupPoints.$inferSelect;

export type PointSaveResult =
  | { status: "saved"; row: PointRow; changed: boolean }
  | { status: "not_found" }
  | { status: "unknown_district" }
  | { status: "unknown_merchant" };

export type PointDeleteResult =
  | { status: "deleted"; row: PointRow }
  | { status: "not_found" }
  | { status: "in_use"; orders: number };

export type PointDeactivateResult =
  | { status: "deactivated" | "unchanged"; row: PointRow }
  | { status: "not_found" };

const pointKeys = [
  "districtId",
  "name",
  "address",
  "hours",
  "nameEn",
  "addressEn",
  "hoursEn",
  "openDays",
  "deliveryChargeCents",
  "runFeeCents",
  "merchantId",
  "active",
  "position",
  "bannerDesktop",
  "bannerMobile",
] as const;

/** The form's fields as the table's columns (cents already; blanks become null). */
function pointValues(input: PickupPointInput) {
  return {
    districtId: input.districtId,
    name: input.name,
    address: input.address,
    hours: input.hours,
    nameEn: input.nameEn ?? "",
    addressEn: input.addressEn ?? "",
    hoursEn: input.hoursEn ?? "",
    openDays: input.openDays,
    deliveryChargeCents: input.deliveryCharge,
    runFeeCents: input.runFee ?? null,
    merchantId: input.merchantId ?? null,
    active: input.active,
    position: input.position,
    bannerDesktop: input.bannerDesktop ?? null,
    bannerMobile: input.bannerMobile ?? null,
  };
}

const pointAudit = (row: PointRow) => ({ name: row.name, districtId: row.districtId, active: row.active });

export function createPickupPointAdminService({ db }: Pick<ServiceDeps, "db">) {
  /** Checks the district and merchant a point names, locking them against a delete meanwhile. */
  async function missingReference(
    tx: Tx,
    input: PickupPointInput,
  ): Promise<"unknown_district" | "unknown_merchant" | null> {
    const [district] = await tx
      .select({ id: pickupDistricts.id })
      .from(pickupDistricts)
      .where(eq(pickupDistricts.id, input.districtId))
      .for("share");
    if (!district) return "unknown_district";
    if (input.merchantId !== undefined) {
      const [merchant] = await tx
        .select({ id: merchants.id })
        .from(merchants)
        .where(eq(merchants.id, input.merchantId))
        .for("share");
      if (!merchant) return "unknown_merchant";
    }
    return null;
  }

  async function ordersAt(executor: Db | Tx, pointId: number): Promise<number> {
    const [row] = await executor
      .select({ total: count() })
      .from(orders)
      .where(eq(orders.pickupPointId, pointId));
    return row?.total ?? 0;
  }

  return {
    /** /admin/location: by district order then position, searched by name or address. */
    async listPoints(query: PickupPointListQuery) {
      const conditions: SQL[] = [];
      if (query.q) {
        const text = containsPattern(query.q);
        conditions.push(or(ilike(pickupPoints.name, text), ilike(pickupPoints.address, text)) as SQL);
      }
      if (query.districtId !== null) conditions.push(eq(pickupPoints.districtId, query.districtId));
      if (query.status !== "all") conditions.push(eq(pickupPoints.active, query.status === "active"));
      const where = and(...conditions);
      return readListPage(
        query,
        db.select({ total: count() }).from(pickupPoints).where(where),
        db
          .select({
            id: pickupPoints.id,
            name: pickupPoints.name,
            address: pickupPoints.address,
            active: pickupPoints.active,
            position: pickupPoints.position,
            deliveryChargeCents: pickupPoints.deliveryChargeCents,
            runFeeCents: pickupPoints.runFeeCents,
            bannerMobile: pickupPoints.bannerMobile,
            districtName: pickupDistricts.name,
            area: pickupDistricts.area,
            merchantName: merchants.name,
            merchantFree: merchants.freeDelivery,
          })
          .from(pickupPoints)
          .innerJoin(pickupDistricts, eq(pickupPoints.districtId, pickupDistricts.id))
          .leftJoin(merchants, eq(pickupPoints.merchantId, merchants.id))
          .where(where)
          .orderBy(asc(pickupDistricts.position), asc(pickupPoints.position), asc(pickupPoints.id))
          .$dynamic(),
      );
    },

    /** One point for its edit page, with its orders counted (they decide delete or deactivate). */
    async getPoint(id: number) {
      const [point] = await db.select().from(pickupPoints).where(eq(pickupPoints.id, id));
      if (!point) return null;
      const [orderCount, history] = await Promise.all([
        ordersAt(db, id),
        listAudit(db, { entity: "pickup_point", entityId: String(id), limit: 10 }),
      ]);
      return { point, orders: orderCount, history };
    },

    async createPoint(actorId: string, input: PickupPointInput): Promise<PointSaveResult> {
      return db.transaction(async (tx): Promise<PointSaveResult> => {
        const missing = await missingReference(tx, input);
        if (missing) return { status: missing };
        const [row] = await tx.insert(pickupPoints).values(pointValues(input)).returning();
        if (!row) throw new Error("pickup point insert returned nothing");
        await recordAudit(tx, {
          actorId,
          action: "pickup_point.create",
          entity: "pickup_point",
          entityId: String(row.id),
          after: pointAudit(row),
        });
        return { status: "saved", row, changed: true };
      });
    },

    /** Merges the form into the point; no change, no write. */
    async updatePoint(actorId: string, id: number, input: PickupPointInput): Promise<PointSaveResult> {
      return db.transaction(async (tx): Promise<PointSaveResult> => {
        const [current] = await tx.select().from(pickupPoints).where(eq(pickupPoints.id, id)).for("update");
        if (!current) return { status: "not_found" };
        const missing = await missingReference(tx, input);
        if (missing) return { status: missing };
        const next = pointValues(input);
        const changed = changedFields(current, next, pointKeys);
        if (!changed) return { status: "saved", row: current, changed: false };
        const [row] = await tx.update(pickupPoints).set(next).where(eq(pickupPoints.id, id)).returning();
        await recordAudit(tx, {
          actorId,
          action: "pickup_point.update",
          entity: "pickup_point",
          entityId: String(id),
          ...changed,
        });
        return { status: "saved", row: row ?? current, changed: true };
      });
    },

    /**
     * Deletes a point no order names; checkout drafts that chose it lose the choice (the database
     * sets it to null) and ask again. A point with orders is refused: deactivate it instead.
     */
    async deletePoint(actorId: string, id: number): Promise<PointDeleteResult> {
      try {
        return await db.transaction(async (tx): Promise<PointDeleteResult> => {
          const [current] = await tx.select().from(pickupPoints).where(eq(pickupPoints.id, id)).for("update");
          if (!current) return { status: "not_found" };
          const used = await ordersAt(tx, id);
          if (used > 0) return { status: "in_use", orders: used };
          await tx.delete(pickupPoints).where(eq(pickupPoints.id, id));
          await recordAudit(tx, {
            actorId,
            action: "pickup_point.delete",
            entity: "pickup_point",
            entityId: String(id),
            before: pointAudit(current),
          });
          return { status: "deleted", row: current };
        });
      } catch (error) {
        // An order placed here between the count and the delete.
        if (pgCode(error) === FOREIGN_KEY_VIOLATION) return { status: "in_use", orders: 1 };
        throw error;
      }
    },

    /** Takes a point off /location and the checkout; its orders keep it. */
    async deactivatePoint(actorId: string, id: number): Promise<PointDeactivateResult> {
      return db.transaction(async (tx): Promise<PointDeactivateResult> => {
        const [current] = await tx.select().from(pickupPoints).where(eq(pickupPoints.id, id)).for("update");
        if (!current) return { status: "not_found" };
        if (!current.active) return { status: "unchanged", row: current };
        const [row] = await tx
          .update(pickupPoints)
          .set({ active: false })
          .where(eq(pickupPoints.id, id))
          .returning();
        await recordAudit(tx, {
          actorId,
          action: "pickup_point.deactivate",
          entity: "pickup_point",
          entityId: String(id),
          before: { active: true },
          after: { active: false },
        });
        return { status: "deactivated", row: row ?? current };
      });
    },

    /** Merchants for the point form's select; the free-delivery ones make their points free. */
    merchantOptions() {
      return db
        .select({ id: merchants.id, name: merchants.name, freeDelivery: merchants.freeDelivery })
        .from(merchants)
        .orderBy(asc(merchants.name), asc(merchants.id));
    },
  };
}
