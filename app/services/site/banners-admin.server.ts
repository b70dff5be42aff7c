import { asc, eq } from "drizzle-orm";
import { banners } from "~/db/schema/index.ts";
import { changedFields } from "~/domain/site/admin-audit.ts";
import {
  type BannerValues,
  EDITABLE_BANNER_KINDS,
  type EditableBannerKind,
} from "~/domain/site/admin-banner.schema.ts";
import { listAudit, recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";

export type BannerRow = typeof banners.$inferSelect;

/** The columns an admin edits, in the order the audit log lists them. */
const bannerKeys = [
  "title",
  "titleEn",
  "subtitle",
  "subtitleEn",
  "href",
  "imageDesktop",
  "imageMobile",
  "position",
  "active",
] as const satisfies readonly (keyof BannerValues)[];

export type BannerSaveResult =
  | { status: "saved"; row: BannerRow; changed: boolean }
  | { status: "not_found" };

/**
 * /admin/banner (issue 27 item 6): the home carousel, the home popup and the top text banner. Every
 * write is audited in its own transaction (DESIGN §4.14); the storefront reads the rows directly
 * (site.server.ts), so a change shows on the next page.
 */
export function createBannerAdminService({ db }: ServiceDeps) {
  return {
    /** Every banner the page edits, switched off ones too, per kind in the storefront's order. */
    async listAll(): Promise<Record<EditableBannerKind, BannerRow[]>> {
      const rows = await db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
      return Object.fromEntries(
        EDITABLE_BANNER_KINDS.map((kind) => [kind, rows.filter((row) => row.kind === kind)]),
      ) as Record<EditableBannerKind, BannerRow[]>;
    },

    /** One banner of a kind this page edits, with its history; null for any other row. */
    async get(id: number) {
      const [banner] = await db.select().from(banners).where(eq(banners.id, id));
      if (!banner || !EDITABLE_BANNER_KINDS.some((kind) => kind === banner.kind)) return null;
      const history = await listAudit(db, { entity: "banner", entityId: String(id), limit: 10 });
      return { banner, history };
    },

    async create(actorId: string, kind: EditableBannerKind, values: BannerValues): Promise<BannerSaveResult> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(banners)
          .values({ kind, ...values })
          .returning();
        if (!row) throw new Error("banner insert returned nothing");
        await recordAudit(tx, {
          actorId,
          action: "banner.create",
          entity: "banner",
          entityId: String(row.id),
          // What was made; its form shows every field.
          after: { kind, title: values.title },
        });
        return { status: "saved", row, changed: true };
      });
    },

    async update(actorId: string, id: number, values: BannerValues): Promise<BannerSaveResult> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(banners).where(eq(banners.id, id)).for("update");
        if (!current || !EDITABLE_BANNER_KINDS.some((kind) => kind === current.kind)) {
          return { status: "not_found" };
        }
        const changed = changedFields(current, values, bannerKeys);
        if (!changed) return { status: "saved", row: current, changed: false };
        const [row] = await tx.update(banners).set(values).where(eq(banners.id, id)).returning();
        await recordAudit(tx, {
          actorId,
          action: "banner.update",
          entity: "banner",
          entityId: String(id),
          ...changed,
        });
        return { status: "saved", row: row ?? current, changed: true };
      });
    },

    async remove(actorId: string, id: number) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(banners).where(eq(banners.id, id)).for("update");
        if (!current || !EDITABLE_BANNER_KINDS.some((kind) => kind === current.kind)) {
          return { status: "not_found" as const };
        }
        await tx.delete(banners).where(eq(banners.id, id));
        const { id: _id, ...before } = current;
        await recordAudit(tx, {
          actorId,
          action: "banner.delete",
          entity: "banner",
          entityId: String(id),
          before,
        });
        return { status: "deleted" as const, kind: current.kind };
      });
    },

    /** The newest changes to any banner, for the list page. */
    history() {
      return listAudit(db, { entity: "banner", limit: 8 });
    },
  };
}
