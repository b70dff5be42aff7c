import { describe, expect, it } from "vitest";
import { banners, siteSettings } from "~/db/schema/index.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";

const database = setupTestDatabase();

describe("site service", () => {
  it("creates the settings row with the defaults on first read, once", async () => {
    expect(await database.db.select().from(siteSettings)).toHaveLength(0);

    const [first, second] = await Promise.all([
      database.services.site.getSettings(),
      database.services.site.getSettings(),
    ]);

    expect(first).toMatchObject({ id: 1, shopName: "齊齊買", maintenance: false, cardFeeBasisPoints: 150 });
    // The reopening time defaults to 2022-10-17 05:00 Hong Kong time (SPEC §2).
    expect(first.reopenAt.toISOString()).toBe("2022-10-16T21:00:00.000Z");
    expect(second.id).toBe(1);
    expect(await database.db.select().from(siteSettings)).toHaveLength(1);
  });

  it("turns maintenance on with a reopening time and off again, keeping that time", async () => {
    const reopenAt = new Date("2030-01-02T03:00:00.000Z");
    const on = await database.services.site.setMaintenance(true, reopenAt);
    expect(on.maintenance).toBe(true);
    expect(on.reopenAt.toISOString()).toBe(reopenAt.toISOString());
    expect((await database.services.site.getSettings()).maintenance).toBe(true);

    const off = await database.services.site.setMaintenance(false);
    expect(off.maintenance).toBe(false);
    expect(off.reopenAt.toISOString()).toBe(reopenAt.toISOString());
  });

  it("reads the page frame in one go: the settings and the active top lines in the admin's order", async () => {
    await database.db.delete(siteSettings);
    await database.db.insert(banners).values([
      { kind: "top", title: "第二句", href: null, position: 2 },
      { kind: "top", title: "第一句", titleEn: "First line", href: "/guide", position: 1 },
      { kind: "top", title: "已停用", position: 0, active: false },
      { kind: "popup", title: "彈出", position: 0, imageDesktop: "/d.webp", imageMobile: "/m.webp" },
    ]);
    // A new database has no settings row yet: it is made, and the lines come with it.
    expect(await database.services.site.shell()).toMatchObject({
      settings: { id: 1, maintenance: false },
      topBanners: [
        { text: "第一句", href: "/guide" },
        { text: "第二句", href: null },
      ],
    });
    await database.services.site.setMaintenance(true);

    const { settings, topBanners } = await database.services.site.shell();
    expect(settings.maintenance).toBe(true);
    expect(settings.reopenAt).toBeInstanceOf(Date);
    expect(topBanners).toEqual([
      { text: "第一句", textEn: "First line", href: "/guide" },
      { text: "第二句", textEn: "", href: null },
    ]);
  });
});
