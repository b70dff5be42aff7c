import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { auditLog, members } from "~/db/schema/index.ts";

export interface AuditEntry {
  /** The admin who acted; null for the operator's command line (e.g. `npm run admin:grant`). */
  actorId: string | null;
  /** What happened, as `entity.verb`: `settings.update`, `member.update`, `member.grant_admin`. */
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** DESIGN §4.14: every admin write calls this inside the transaction that makes the write. */
export async function recordAudit(executor: Db | Tx, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The newest entries first, with the actor's phone and name for the back office. */
export async function listAudit(
  db: Db,
  { entity, entityId, limit = 20 }: { entity?: string; entityId?: string; limit?: number },
) {
  const where = and(
    entity ? eq(auditLog.entity, entity) : undefined,
    entityId ? eq(auditLog.entityId, entityId) : undefined,
  );
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      actorPhone: members.phone,
      actorLastName: members.lastName,
      actorFirstName: members.firstName,
    })
    .from(auditLog)
    .leftJoin(members, eq(auditLog.actorId, members.id))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
