import { asc, eq } from "drizzle-orm";
import { type BannerKind, banners, siteSettings } from "~/db/schema/index.ts";
import type { ServiceDeps } from "./context.server.ts";

export type SiteSettings = typeof siteSettings.$inferSelect;
export type Banner = typeof banners.$inferSelect;

export function createSiteService({ db }: ServiceDeps) {
  async function getSettings(): Promise<SiteSettings> {
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    if (row) return row;
    const [created] = await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing().returning();
    return created ?? (await getSettings());
  }

  return {
    getSettings,

    async setMaintenance(on: boolean, reopenAt?: Date): Promise<SiteSettings> {
      await getSettings();
      const [row] = await db
        .update(siteSettings)
        .set({ maintenance: on, ...(reopenAt ? { reopenAt } : {}), updatedAt: new Date() })
        .where(eq(siteSettings.id, 1))
        .returning();
      if (!row) throw new Error("site settings row missing");
      return row;
    },

    listBanners(kind: BannerKind): Promise<Banner[]> {
      return db
        .select()
        .from(banners)
        .where(eq(banners.kind, kind))
        .orderBy(asc(banners.position), asc(banners.id))
        .then((rows) => rows.filter((banner) => banner.active));
    },
  };
}
