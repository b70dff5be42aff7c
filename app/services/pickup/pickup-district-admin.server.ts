/** The back office's pickup districts (DESIGN §4.13): a district goes only while no point uses it. */
import { and, asc, count, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
import { pickupDistricts, pickupPoints } from "~/db/schema/index.ts";
import type { DistrictInput, DistrictListQuery } from "~/domain/pickup/admin-pickup.schema.ts";
import { containsPattern } from "~/domain/shared/like-pattern.ts";
import { changedFields } from "~/domain/site/admin-audit.ts";
import { listAudit, recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { readListPage } from "../shared/list-page.server.ts";

import { FOREIGN_KEY_VIOLATION, pgCode, UNIQUE_VIOLATION } from "./pickup-admin-shared.server.ts";

type DistrictRow = typeof pickupDistricts.$inferSelect;

export type DistrictSaveResult =
  | { status: "saved"; row: DistrictRow; changed: boolean }
  | { status: "not_found" }
  | { status: "name_taken" };

export type DistrictDeleteResult =
  | { status: "deleted"; row: DistrictRow }
  | { status: "not_found" }
  | { status: "in_use"; points: number };

const districtKeys = ["name", "nameEn", "area", "position"] as const;

/** A valid form as the row's columns: a blank English name is saved empty (English pages show the Chinese). */
function districtValues(input: DistrictInput) {
  return { ...input, nameEn: input.nameEn ?? "" };
}

/** The district, locked for the rest of the transaction; null if there is none. */
async function lockedDistrict(tx: Tx, id: number) {
  const [row] = await tx.select().from(pickupDistricts).where(eq(pickupDistricts.id, id)).for("update");
  return row ?? null;
}

export function createPickupDistrictAdminService({ db }: Pick<ServiceDeps, "db">) {
  return {
    /** Every district for the point form's select and the list's filter, in display order. */
    allDistricts() {
      return db
        .select({ id: pickupDistricts.id, name: pickupDistricts.name, area: pickupDistricts.area })
        .from(pickupDistricts)
        .orderBy(asc(pickupDistricts.position), asc(pickupDistricts.id));
    },

    /** /admin/location-district: in display order, searched by name, with their points counted. */
    async listDistricts(query: DistrictListQuery) {
      const conditions: SQL[] = [];
      if (query.q) conditions.push(ilike(pickupDistricts.name, containsPattern(query.q)));
      if (query.area !== "all") conditions.push(eq(pickupDistricts.area, query.area));
      const where = and(...conditions);
      return readListPage(
        query,
        db.select({ total: count() }).from(pickupDistricts).where(where),
        db
          .select({
            id: pickupDistricts.id,
            name: pickupDistricts.name,
            area: pickupDistricts.area,
            position: pickupDistricts.position,
            points: sql<number>`(select count(*)::int from ${pickupPoints} where ${pickupPoints.districtId} = ${pickupDistricts.id})`,
            activePoints: sql<number>`(select count(*)::int from ${pickupPoints} where ${pickupPoints.districtId} = ${pickupDistricts.id} and ${pickupPoints.active})`,
          })
          .from(pickupDistricts)
          .where(where)
          .orderBy(asc(pickupDistricts.position), asc(pickupDistricts.id))
          .$dynamic(),
      );
    },

    /** One district for its edit page, with how many points use it and its change history. */
    async getDistrict(id: number) {
      const [district] = await db.select().from(pickupDistricts).where(eq(pickupDistricts.id, id));
      if (!district) return null;
      const [[points], history] = await Promise.all([
        db.select({ total: count() }).from(pickupPoints).where(eq(pickupPoints.districtId, id)),
        listAudit(db, { entity: "pickup_district", entityId: String(id), limit: 10 }),
      ]);
      return { district, points: points?.total ?? 0, history };
    },

    async createDistrict(actorId: string, input: DistrictInput): Promise<DistrictSaveResult> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(pickupDistricts).values(districtValues(input)).returning();
          if (!row) throw new Error("district insert returned nothing");
          await recordAudit(tx, {
            actorId,
            action: "pickup_district.create",
            entity: "pickup_district",
            entityId: String(row.id),
            after: { name: row.name, area: row.area, position: row.position },
          });
          return { status: "saved", row, changed: true } as const;
        });
      } catch (error) {
        if (pgCode(error) === UNIQUE_VIOLATION) return { status: "name_taken" };
        throw error;
      }
    },

    /** Merges the form into the district; no change, no write. */
    async updateDistrict(actorId: string, id: number, input: DistrictInput): Promise<DistrictSaveResult> {
      try {
        return await db.transaction(async (tx): Promise<DistrictSaveResult> => {
          const current = await lockedDistrict(tx, id);
          if (!current) return { status: "not_found" };
          const next = districtValues(input);
          const changed = changedFields(current, next, districtKeys);
          if (!changed) return { status: "saved", row: current, changed: false };
          const [row] = await tx
            .update(pickupDistricts)
            .set(next)
            .where(eq(pickupDistricts.id, id))
            .returning();
          await recordAudit(tx, {
            actorId,
            action: "pickup_district.update",
            entity: "pickup_district",
            entityId: String(id),
            ...changed,
          });
          return { status: "saved", row: row ?? current, changed: true };
        });
      } catch (error) {
        if (pgCode(error) === UNIQUE_VIOLATION) return { status: "name_taken" };
        throw error;
      }
    },

    /** Refused while any point (active or not) is in the district; the database refuses it too. */
    async deleteDistrict(actorId: string, id: number): Promise<DistrictDeleteResult> {
      try {
        return await db.transaction(async (tx): Promise<DistrictDeleteResult> => {
          const current = await lockedDistrict(tx, id);
          if (!current) return { status: "not_found" };
          const [used] = await tx
            .select({ total: count() })
            .from(pickupPoints)
            .where(eq(pickupPoints.districtId, id));
          if ((used?.total ?? 0) > 0) return { status: "in_use", points: used?.total ?? 0 };
          await tx.delete(pickupDistricts).where(eq(pickupDistricts.id, id));
          await recordAudit(tx, {
            actorId,
            action: "pickup_district.delete",
            entity: "pickup_district",
            entityId: String(id),
            before: { name: current.name, area: current.area, position: current.position },
          });
          return { status: "deleted", row: current };
        });
      } catch (error) {
        // A point saved into the district between the count and the delete.
        if (pgCode(error) === FOREIGN_KEY_VIOLATION) return { status: "in_use", points: 1 };
        throw error;
      }
    },
  };
}
