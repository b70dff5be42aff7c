import { eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  members,
  neighbors,
  pageViews,
  siteSettings,
  smsSends,
} from "../../app/db/schema/index.ts";
import { parseMemberListQuery } from "../../app/domain/members/admin-member.schema.ts";
import { lastHkHours } from "../../app/domain/shared/hk-time.ts";
import type { SiteSettingsInput } from "../../app/domain/site/admin-settings.schema.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createProduct } from "./catalogue-fixtures.ts";
import { closedCycle, paidOrder } from "./settlement-fixtures.ts";

const database = setupTestDatabase();
const admin = () => database.services.members.admin;

const settingsInput: SiteSettingsInput = {
  maintenance: false,
  reopenAt: new Date("2022-10-16T21:00:00.000Z"),
  shopName: "齊齊買",
  supportWhatsapp: "85291234567",
  cardFeePercent: 150,
  referralPercent: 5,
  facebookUrl: "https://www.facebook.com/",
  instagramUrl: "https://www.instagram.com/",
  paymeClaimHours: 24,
  fpsIdentifier: null,
  fpsAccountName: null,
};

async function auditRows() {
  return database.db.select().from(auditLog).orderBy(auditLog.id);
}

let actor: MemberRow;

beforeAll(async () => {
  // Created long ago, so it sorts last in the member list and stays out of the dashboard's 14 days.
  actor = await createMember(database.db, {
    type: "admin",
    lastName: "管理",
    firstName: "員",
    createdAt: new Date("2020-01-01T00:00:00Z"),
  });
});

describe("audit log", () => {
  it("records a settings change with only the changed fields, in the transaction of the write", async () => {
    await database.services.site.getSettings();
    const before = (await auditRows()).length;
    const reopenAt = new Date("2030-01-01T02:00:00.000Z");
    const result = await admin().updateSettings(actor.id, {
      ...settingsInput,
      maintenance: true,
      reopenAt,
      cardFeePercent: 175,
    });
    expect(result.changed).toBe(true);
    expect(result.settings.maintenance).toBe(true);

    const entries = (await auditRows()).slice(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: actor.id,
      action: "settings.update",
      entity: "settings",
      entityId: "1",
      before: { maintenance: false, reopenAt: "2022-10-16T21:00:00.000Z", cardFeeBasisPoints: 150 },
      after: { maintenance: true, reopenAt: "2030-01-01T02:00:00.000Z", cardFeeBasisPoints: 175 },
    });
  });

  it("writes nothing, not even an audit entry, when nothing changed", async () => {
    const current = await database.services.site.getSettings();
    const before = (await auditRows()).length;
    const result = await admin().updateSettings(actor.id, {
      ...settingsInput,
      maintenance: current.maintenance,
      reopenAt: current.reopenAt,
      cardFeePercent: current.cardFeeBasisPoints,
    });
    expect(result.changed).toBe(false);
    expect(await auditRows()).toHaveLength(before);
  });

  it("rolls the write back when the audit entry cannot be written", async () => {
    const current = await database.services.site.getSettings();
    // An actor id that is no member breaks the audit row's foreign key, after the update ran.
    const ghost = "00000000-0000-4000-8000-000000000000";
    await expect(admin().updateSettings(ghost, { ...settingsInput, shopName: "不應保存" })).rejects.toThrow();
    const [after] = await database.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(after?.shopName).toBe(current.shopName);
  });

  it("records a member edit with who, what and before/after", async () => {
    const member = await createMember(database.db, { agreePromotion: false });
    const result = await admin().updateMember(actor.id, member.id, {
      lastName: member.lastName,
      firstName: "新名",
      email: member.email,
      area: "九龍",
      adminDistrict: "觀塘區",
      district: undefined,
      type: "member",
      agreePromotion: true,
    });
    expect(result).toEqual({ status: "ok", changed: true });
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, member.id));
    expect(entry).toMatchObject({
      actorId: actor.id,
      action: "member.update",
      entity: "member",
      before: { firstName: member.firstName, area: null, adminDistrict: null, agreePromotion: false },
      after: { firstName: "新名", area: "九龍", adminDistrict: "觀塘區", agreePromotion: true },
    });
    expect(entry?.createdAt).toBeInstanceOf(Date);
    const [saved] = await database.db.select().from(members).where(eq(members.id, member.id));
    expect(saved).toMatchObject({ firstName: "新名", area: "九龍", agreePromotion: true });
  });

  it("refuses an admin demoting themself, and an unknown member, changing nothing", async () => {
    const before = (await auditRows()).length;
    const edit = {
      lastName: actor.lastName,
      firstName: actor.firstName,
      email: actor.email,
      type: "member" as const,
      agreePromotion: false,
    };
    expect(await admin().updateMember(actor.id, actor.id, edit)).toEqual({ status: "self_demote" });
    expect(await admin().updateMember(actor.id, "00000000-0000-4000-8000-000000000000", edit)).toEqual({
      status: "not_found",
    });
    const [still] = await database.db.select().from(members).where(eq(members.id, actor.id));
    expect(still?.type).toBe("admin");
    expect(await auditRows()).toHaveLength(before);
  });
});

describe("grantAdmin (npm run admin:grant)", () => {
  it("grants once, audited with no actor, and says so the second time", async () => {
    const member = await createMember(database.db);
    const first = await admin().grantAdmin(`+852 ${member.phone.slice(0, 4)} ${member.phone.slice(4)}`);
    expect(first).toMatchObject({ status: "granted", member: { id: member.id, phone: member.phone } });
    const second = await admin().grantAdmin(member.phone);
    expect(second.status).toBe("already_admin");

    const entries = await database.db.select().from(auditLog).where(eq(auditLog.entityId, member.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: null,
      action: "member.grant_admin",
      before: { type: "member" },
      after: { type: "admin" },
    });
  });

  it("refuses unknown and malformed numbers", async () => {
    expect(await admin().grantAdmin("59999999")).toEqual({ status: "unknown_member" });
    expect(await admin().grantAdmin("1234")).toEqual({ status: "unknown_member" });
    expect(await admin().grantAdmin("' or 1=1 --")).toEqual({ status: "unknown_member" });
  });
});

describe("member list", () => {
  let referrer: MemberRow;
  const query = (search: string) => parseMemberListQuery(new URLSearchParams(search));

  beforeAll(async () => {
    await database.db.delete(auditLog);
    await database.db.delete(members).where(ne(members.id, actor.id));
    const base = Date.parse("2024-01-01T00:00:00Z");
    // 120 members, one minute apart; every third agreed to promotions.
    for (let i = 0; i < 120; i++) {
      await createMember(database.db, {
        phone: String(62_000_000 + i),
        lastName: "黃",
        firstName: `會員${i}`,
        email: `list${i}@example.com`,
        agreePromotion: i % 3 === 0,
        createdAt: new Date(base + i * 60_000),
      });
    }
    referrer = await createMember(database.db, {
      phone: "63333333",
      lastName: "陳",
      firstName: "大文",
      email: "tai.man_chan@example.com",
      createdAt: new Date(base - 60_000),
    });
    const [referee] = await database.db
      .insert(members)
      .values({
        phone: "64444444",
        lastName: "李",
        firstName: "小明",
        email: "siuming@example.com",
        referrerId: referrer.id,
        referralDiscount: 1,
        createdAt: new Date(base - 120_000),
      })
      .returning();
    await database.db.insert(neighbors).values([
      { memberId: referrer.id, neighborId: referee!.id, type: "referee" },
      { memberId: referee!.id, neighborId: referrer.id, type: "referrer" },
    ]);
  });

  it("pages 50 at a time from page 0, newest first (SPEC §3)", async () => {
    const first = await admin().listMembers(query(""));
    expect(first.total).toBe(123);
    expect(first.page).toBe(0);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]?.phone).toBe("62000119");
    const third = await admin().listMembers(query("page=2"));
    expect(third.rows).toHaveLength(23);
    expect(third.rows.at(-2)?.phone).toBe("64444444");
    expect(third.rows.at(-1)?.phone).toBe(actor.phone);
    const allPhones = new Set(
      [first, await admin().listMembers(query("page=1")), third].flatMap((page) =>
        page.rows.map((row) => row.phone),
      ),
    );
    expect(allPhones.size).toBe(123);
  });

  it("shows the last page for a page past the end", async () => {
    const past = await admin().listMembers(query("page=9"));
    expect(past.page).toBe(2);
    expect(past.rows).toHaveLength(23);
  });

  it.each([
    ["6333 3333", ["63333333"]],
    ["+852 6444 4444", ["64444444"]],
    ["陳大文", ["63333333"]],
    ["大文", ["63333333"]],
    ["小明", ["64444444"]],
    ["TAI.MAN", ["63333333"]],
    ["siuming@", ["64444444"]],
  ])("finds %j", async (search, phones) => {
    const found = await admin().listMembers(query(`q=${encodeURIComponent(search)}`));
    expect(found.rows.map((row) => row.phone)).toEqual(phones);
  });

  it("takes % and _ in a search literally", async () => {
    expect((await admin().listMembers(query("q=%25"))).total).toBe(0);
    // "_" matches only the underscore in tai.man_chan, not every character.
    expect((await admin().listMembers(query("q=n_c"))).rows.map((row) => row.phone)).toEqual(["63333333"]);
  });

  it("filters by promotion consent, together with a search", async () => {
    expect((await admin().listMembers(query("promo=yes"))).total).toBe(40);
    expect((await admin().listMembers(query("promo=no"))).total).toBe(83);
    const both = await admin().listMembers(query(`promo=yes&q=${encodeURIComponent("會員3")}`));
    // 會員3, 會員30…39 and 會員103…: those divisible by 3.
    expect(both.rows.every((row) => row.agreePromotion)).toBe(true);
    expect(both.rows.map((row) => row.firstName).sort()).toEqual(
      ["會員3", "會員30", "會員33", "會員36", "會員39"].sort(),
    );
  });

  it("carries the referrer's phone and names", async () => {
    const [row] = (await admin().listMembers(query("q=64444444"))).rows;
    expect(row).toMatchObject({
      referrerPhone: "63333333",
      referrerLastName: "陳",
      referrerFirstName: "大文",
    });
  });

  it("gives one member with the referrer's uid and the referees", async () => {
    const referee = (await admin().listMembers(query("q=64444444"))).rows[0]!;
    const found = await admin().getMember(referee.id);
    expect(found?.member).toMatchObject({
      referrerId: referrer.id,
      referrerEmail: "tai.man_chan@example.com",
    });
    const ofReferrer = await admin().getMember(referrer.id);
    expect(ofReferrer?.referees.map((row) => row.phone)).toEqual(["64444444"]);
    expect(await admin().getMember("00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("exports the selection or everyone opted in, and audits the export", async () => {
    const picked = (await admin().listMembers(query(""))).rows.slice(0, 2).map((row) => row.id);
    const selected = await admin().exportMembers(actor.id, { scope: "selected", ids: picked });
    expect(selected.map((row) => row.id).sort()).toEqual([...picked].sort());
    const optedIn = await admin().exportMembers(actor.id, { scope: "opted-in" });
    expect(optedIn).toHaveLength(40);
    expect(optedIn.every((row) => row.agreePromotion)).toBe(true);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.action, "member.export"));
    expect(entries.map((entry) => entry.after)).toEqual([
      { scope: "selected", count: 2 },
      { scope: "opted-in", count: 40 },
    ]);
  });
});

describe("dashboard", () => {
  it("counts sign-ups and page views per Hong Kong day over 14 days", async () => {
    await database.db.delete(auditLog);
    await database.db.delete(members).where(ne(members.id, actor.id));
    await database.db.delete(pageViews);
    const now = new Date("2024-03-10T04:00:00Z"); // 12:00 in Hong Kong on 10 March
    const at = (iso: string) => new Date(iso);
    for (const createdAt of [
      "2024-03-09T15:59:00Z", // 23:59 on 9 March in Hong Kong
      "2024-03-09T16:00:00Z", // 00:00 on 10 March
      "2024-03-10T03:00:00Z",
      "2024-02-25T16:00:00Z", // 00:00 on 26 Feb (2024 is a leap year): the first of the 14 days
      "2024-02-25T15:59:00Z", // 25 Feb: too old for the chart, still a member
    ]) {
      await createMember(database.db, {
        createdAt: at(createdAt),
        agreePromotion: createdAt.startsWith("2024-03"),
      });
    }
    await database.db.insert(pageViews).values([
      { path: "/", createdAt: at("2024-03-10T01:00:00Z") },
      { path: "/about", createdAt: at("2024-03-10T01:05:00Z") },
      { path: "/", createdAt: at("2024-03-05T10:00:00Z") },
      // The staff's own visits to the back office do not count.
      { path: "/admin/member", createdAt: at("2024-03-10T01:10:00Z") },
    ]);

    const dashboard = await admin().dashboard(now);
    expect(dashboard.days).toHaveLength(14);
    expect(dashboard.days[0]).toBe("2024-02-26");
    expect(dashboard.days[13]).toBe("2024-03-10");
    expect(dashboard.members).toBe(6);
    expect(dashboard.optedIn).toBe(3);
    const count = (series: { day: string; count: number }[], day: string) =>
      series.find((entry) => entry.day === day)?.count;
    expect(count(dashboard.signUps, "2024-03-09")).toBe(1);
    expect(count(dashboard.signUps, "2024-03-10")).toBe(2);
    expect(count(dashboard.signUps, "2024-02-26")).toBe(1);
    expect(dashboard.signUps.reduce((sum, entry) => sum + entry.count, 0)).toBe(4);
    expect(count(dashboard.pageViews, "2024-03-10")).toBe(2);
    expect(count(dashboard.pageViews, "2024-03-05")).toBe(1);
  });
});

describe("dashboard operations (issue 8)", () => {
  it("counts orders per Hong Kong hour over 24 hours, orders awaiting payment and SMS sent today", async () => {
    const { db, services } = database;
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const cycle = await closedCycle(db);
    const district = await createDistrict(db);
    const point = await createPickupPoint(db, { districtId: district.id });
    const shopper = await createMember(db);
    const product = await createProduct(db, { categoryId: (await createCategory(db)).id });
    const before = await services.members.admin.dashboard(now);
    const place = (createdAt: Date, status: "paid" | "pending_payment" = "paid") =>
      paidOrder(db, {
        cycleId: cycle.id,
        memberId: shopper.id,
        pickupPointId: point.id,
        lines: [{ product, quantity: 1 }],
        createdAt,
        status,
      });
    await place(hoursAgo(0));
    await place(hoursAgo(0), "pending_payment");
    await place(hoursAgo(3));
    await place(hoursAgo(22.5), "pending_payment");
    await place(hoursAgo(30)); // older than the chart
    await services.providers.sms.send({ to: "91234567", body: "測試" });
    await services.providers.sms.send({ to: "91234568", body: "測試" });
    await db.insert(smsSends).values({ provider: "outbox", createdAt: hoursAgo(48) });

    const { operations } = await services.members.admin.dashboard(now);
    expect(operations.ordersPerHour).toHaveLength(24);
    expect(operations.ordersPerHour.at(-1)).toEqual({ day: lastHkHours(now, 1)[0], count: 2 });
    expect(operations.ordersPerHour.at(-4)?.count).toBe(1);
    expect(operations.ordersPerHour.reduce((sum, entry) => sum + entry.count, 0)).toBe(4);
    expect(operations.pendingPayments - before.operations.pendingPayments).toBe(2);
    expect(operations.smsToday - before.operations.smsToday).toBe(2);
  });
});
