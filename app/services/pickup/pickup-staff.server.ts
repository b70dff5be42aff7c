/**
 * Who runs the pickup-day console where (issue 31 item 2): an admin makes a member pickup staff for
 * one or more pickup points on /admin/member/:id. Each change is one transaction with its audit entry.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { members, pickupPoints, pickupStaff } from "~/db/schema/index.ts";
import { recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";

export type StaffAssignResult =
  | { status: "saved"; changed: boolean }
  | { status: "not_found" }
  | { status: "unknown_point" };

export function createPickupStaffService({ db }: ServiceDeps) {
  return {
    /** Every pickup point with whether the member works there (inactive points only if assigned). */
    async assignment(memberId: string) {
      const [points, assigned] = await Promise.all([
        db
          .select({ id: pickupPoints.id, name: pickupPoints.name, active: pickupPoints.active })
          .from(pickupPoints)
          .orderBy(asc(pickupPoints.position), asc(pickupPoints.id)),
        db
          .select({ id: pickupStaff.pickupPointId })
          .from(pickupStaff)
          .where(eq(pickupStaff.memberId, memberId)),
      ]);
      const mine = new Set(assigned.map((row) => row.id));
      return points
        .filter((point) => point.active || mine.has(point.id))
        .map((point) => ({ ...point, assigned: mine.has(point.id) }));
    },

    /** Makes the member staff at exactly `pointIds` (none: no longer pickup staff). */
    async assign(adminId: string, memberId: string, pointIds: number[]): Promise<StaffAssignResult> {
      const wanted = [...new Set(pointIds)].sort((a, b) => a - b);
      return db.transaction(async (tx) => {
        const [member] = await tx
          .select({ id: members.id })
          .from(members)
          .where(eq(members.id, memberId))
          .for("update");
        if (!member) return { status: "not_found" };
        if (wanted.length > 0) {
          const found = await tx
            .select({ id: pickupPoints.id })
            .from(pickupPoints)
            .where(inArray(pickupPoints.id, wanted));
          if (found.length !== wanted.length) return { status: "unknown_point" };
        }
        const before = (
          await tx
            .select({ id: pickupStaff.pickupPointId })
            .from(pickupStaff)
            .where(eq(pickupStaff.memberId, memberId))
            .orderBy(asc(pickupStaff.pickupPointId))
        ).map((row) => row.id);
        if (before.join() === wanted.join()) return { status: "saved", changed: false };
        const gone = before.filter((id) => !wanted.includes(id));
        if (gone.length > 0) {
          await tx
            .delete(pickupStaff)
            .where(and(eq(pickupStaff.memberId, memberId), inArray(pickupStaff.pickupPointId, gone)));
        }
        const added = wanted.filter((id) => !before.includes(id));
        if (added.length > 0) {
          await tx.insert(pickupStaff).values(added.map((pickupPointId) => ({ memberId, pickupPointId })));
        }
        await recordAudit(tx, {
          actorId: adminId,
          action: "member.pickup_staff",
          entity: "member",
          entityId: memberId,
          before: { pickupPointIds: before },
          after: { pickupPointIds: wanted },
        });
        return { status: "saved", changed: true };
      });
    },
  };
}
