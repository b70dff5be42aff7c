import { and, asc, eq } from "drizzle-orm";
import { type BannerKind, banners, siteSettings } from "~/db/schema/index.ts";
import type { ServiceDeps } from "../shared/deps.ts";

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

    /** The banners of a kind the storefront shows: switched on, in the admin's order. */
    listBanners(kind: BannerKind): Promise<Banner[]> {
      return db
        .select()
        .from(banners)
        .where(and(eq(banners.kind, kind), eq(banners.active, true)))
        .orderBy(asc(banners.position), asc(banners.id));
    },

    /** The top banner's lines (SPEC §2: one at a time, every 4 s), each with its optional link. */
    async topBanners(): Promise<{ text: string; href: string | null }[]> {
      const rows = await db
        .select({ text: banners.title, href: banners.href })
        .from(banners)
        .where(and(eq(banners.kind, "top"), eq(banners.active, true)))
        .orderBy(asc(banners.position), asc(banners.id));
      return rows;
    },
  };
}
