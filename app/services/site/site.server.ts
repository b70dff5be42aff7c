import { and, asc, eq, sql } from "drizzle-orm";
import { type BannerKind, banners, siteSettings } from "~/db/schema/index.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import type { ShopWideReads } from "../shared/shop-wide-reads.server.ts";

export type SiteSettings = typeof siteSettings.$inferSelect;
export type Banner = typeof banners.$inferSelect;
export interface TopBannerLine {
  text: string;
  /** Blank where the back office gave no English (issue 48 item 2). */
  textEn: string;
  href: string | null;
}

export function createSiteService({ db }: ServiceDeps, shopWide: ShopWideReads) {
  const getSettings = () => shopWide.read("settings", readSettings);

  async function readSettings(): Promise<SiteSettings> {
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    if (row) return row;
    const [created] = await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing().returning();
    return created ?? (await readSettings());
  }

  /**
   * What every page's frame shows, read by the root loader on every request: the settings and the
   * top banner's lines (SPEC §2: one at a time, every 4 s, each with its optional link), in one
   * statement.
   */
  const shell = () => shopWide.read("shell", readShell);

  async function readShell(): Promise<{ settings: SiteSettings; topBanners: TopBannerLine[] }> {
    const [row] = await db
      .select({
        settings: siteSettings,
        topBanners: sql<TopBannerLine[]>`coalesce((
          select json_agg(json_build_object('text', ${banners.title}, 'textEn', ${banners.titleEn},
                                            'href', ${banners.href})
                          order by ${banners.position}, ${banners.id})
          from ${banners} where ${banners.kind} = 'top' and ${banners.active}), '[]'::json)`,
      })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1));
    if (row) return row;
    // A new database: the settings row is made on first read (readSettings), then read with the rest.
    await readSettings();
    return readShell();
  }

  return {
    getSettings,
    shell,

    async setMaintenance(on: boolean, reopenAt?: Date): Promise<SiteSettings> {
      await readSettings();
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
      return shopWide.read(`banners:${kind}`, () =>
        db
          .select()
          .from(banners)
          .where(and(eq(banners.kind, kind), eq(banners.active, true)))
          .orderBy(asc(banners.position), asc(banners.id)),
      );
    },
  };
}
