import { and, asc, eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { emailCampaigns, orders, outboxMessages } from "../../app/db/schema/index.ts";
import { parseEnv } from "../../app/env.server.ts";
import { createServices } from "../../app/services/context.server.ts";
import { createCampaignSender } from "../../app/services/messages/campaign-sender.server.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { createMember } from "./admin-fixtures.ts";
import { createCycle, createProduct } from "./catalogue-fixtures.ts";
import { paidOrder } from "./settlement-fixtures.ts";

/**
 * Issue 48 item 1: a member's SMS and emails go in the language they read (`members.locale`):
 * campaigns (the English one where the admin wrote it), the sign-in code (the asking page's
 * language). What each sent is read from the outbox providers' table, as /dev/outbox shows it.
 */

const database = setupTestDatabase();
const han = /\p{Script=Han}/u;

/** What the outbox kept for one address, oldest first. */
async function sent(to: string, channel: "sms" | "email") {
  return database.db
    .select({ subject: outboxMessages.subject, body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, to), eq(outboxMessages.channel, channel)))
    .orderBy(asc(outboxMessages.id));
}

describe("a campaign", () => {
  it("reaches a member who reads English in English, and everyone else in zh-HK", async () => {
    const services = createServices({
      db: database.db,
      log: pino({ level: "silent" }),
      env: parseEnv({ PUBLIC_URL: "https://shop.example" }),
    });
    const admin = await createMember(database.db, { type: "admin" });
    const english = await createMember(database.db, { agreePromotion: true, locale: "en" });
    const chinese = await createMember(database.db, { agreePromotion: true });
    const { campaigns } = services.messages;
    const written = { subject: "冬日火鍋優惠", body: "**火鍋**套餐九折", intent: "save" as const };
    const id = await campaigns.create(admin.id, {
      ...written,
      subjectEn: "Winter hotpot offer",
      bodyEn: "**Hotpot** sets 10% off",
    });
    expect(await campaigns.startSending(admin.id, id)).toMatchObject({ status: "started" });

    const sender = createCampaignSender(
      { db: database.db, log: pino({ level: "silent" }), env: parseEnv({}) },
      { email: services.providers.email, campaigns, getSettings: services.site.getSettings },
      { pollMs: 20, perMinute: 100_000 },
    );
    sender.start();
    try {
      await expect
        .poll(
          async () =>
            (await database.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id)))[0]?.status,
          { timeout: 10_000 },
        )
        .toBe("sent");
    } finally {
      await sender.stop();
    }

    const [toEnglish] = await sent(english.email, "email");
    expect(toEnglish?.subject).toBe("Winter hotpot offer");
    expect(toEnglish?.body).toContain("Hotpot");
    expect(toEnglish?.body).toContain("https://shop.example/en/unsubscribe?token=");
    expect(toEnglish?.body).toContain("Unsubscribe from offers by email");
    expect(toEnglish?.body.replaceAll("齊齊買", "")).not.toMatch(han);

    const [toChinese] = await sent(chinese.email, "email");
    expect(toChinese?.subject).toBe("冬日火鍋優惠");
    expect(toChinese?.body).toContain("火鍋");
    expect(toChinese?.body).toContain("https://shop.example/unsubscribe?token=");
  });

  it("written in Chinese only reaches a member who reads English in Chinese, never empty", async () => {
    const { campaigns } = database.services.messages;
    const admin = await createMember(database.db, { type: "admin" });
    const id = await campaigns.create(admin.id, { subject: "只有中文", body: "中文內容" });
    const campaign = (await database.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id)))[0]!;
    const message = await campaigns.composeEmail(
      campaign,
      { memberId: admin.id, email: admin.email, locale: "en" },
      await database.services.site.getSettings(),
      new Date(),
    );
    expect(message.subject).toBe("只有中文");
    expect(message.html).toContain('<html lang="zh-HK">');
    expect(message.text).toContain("中文內容");
  });
});

describe("a reply to an enquiry", () => {
  it("is framed in the language of the page it was sent from; the admin's words as written", async () => {
    const services = database.services;
    const admin = await createMember(database.db, { type: "admin" });
    const email = "helper.english@example.com";
    const sentFrom = async (locale: "en" | "zh-HK", name: string) => {
      const enquiry = await services.messages.enquiries.submitFeedback(
        { name, email, message: "Is the wagyu halal?" },
        locale,
      );
      expect((await services.messages.inbox.reply(admin.id, enquiry!.id, "Yes, it is.")).status).toBe("sent");
      return (await sent(email, "email")).at(-1)!;
    };
    const english = await sentFrom("en", "Maria");
    expect(english.subject).toBe("Gather: a reply to your message");
    expect(english.body).toContain("Hello Maria,");
    expect(english.body).toContain("Yes, it is.");
    expect(english.body).toMatch(/Your message of \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:/);
    expect(english.body.replaceAll("齊齊買", "")).not.toMatch(han);
    const chinese = await sentFrom("zh-HK", "陳大文");
    expect(chinese.body).toContain("陳大文 你好：");
  });
});

describe("an order's notices", () => {
  it("tell a member who reads English, by SMS and email, in English with HK$ and English dates", async () => {
    const { db } = database;
    const category = await createCategory(db, { name: "肉類", slug: "notice-meat" });
    const product = await createProduct(db, {
      categoryId: category.id,
      name: "和牛",
      gatherPriceCents: 9_800,
    });
    const cycle = await createCycle(db);
    // The point in English, but for its hours: those are sent as written, in Chinese.
    const point = await createPickupPoint(db, {
      districtId: (await createDistrict(db)).id,
      name: "觀塘站",
      nameEn: "Kwun Tong Station",
      address: "觀塘開源道 50 號",
      addressEn: "50 Hoi Yuen Road, Kwun Tong",
      hours: "星期一至五 10:00–19:00",
    });
    const reader = await createMember(db, { locale: "en", email: "reader.english@example.com" });
    const order = await paidOrder(db, {
      cycleId: cycle.id,
      memberId: reader.id,
      pickupPointId: point.id,
      lines: [{ product, quantity: 2 }],
    });
    await db
      .update(orders)
      .set({ pendingNotice: "paid", paymentMethod: "card" })
      .where(eq(orders.id, order.id));
    expect(await database.services.orders.notices.sendDue()).toBeGreaterThan(0);

    const [sms] = await sent(reader.phone, "sms");
    expect(sms?.body).toMatch(
      new RegExp(`^\\[Gather\\] Order ${order.number} is paid \\(Card HK\\$[\\d,.]+\\)`),
    );
    expect(sms?.body).toMatch(/Collect it from \w{3} \d{1,2} \w{3} \d{4} to \w{3} \d{1,2} \w{3} \d{4}/);
    expect(sms?.body).toContain("at Kwun Tong Station (50 Hoi Yuen Road, Kwun Tong)");
    const [email] = await sent(reader.email, "email");
    expect(email?.subject).toBe(`Gather: order ${order.number} is paid, how to collect it`);
    expect(email?.body).toContain(`Hello ${reader.lastName}${reader.firstName},`);
    expect(email?.body).toContain("Pickup point: Kwun Tong Station\nAddress: 50 Hoi Yuen Road, Kwun Tong");
    expect(email?.body).toContain("Opening hours: 星期一至五 10:00–19:00");
    expect(email?.body).toContain("Pickup code:");

    // Ready at the point: the same point in English for them, in Chinese for a member who reads zh-HK.
    const zhReader = await createMember(db);
    await paidOrder(db, {
      cycleId: cycle.id,
      memberId: zhReader.id,
      pickupPointId: point.id,
      lines: [{ product, quantity: 1 }],
    });
    const admin = await createMember(db, { type: "admin" });
    const readied = await database.services.orders.admin.markReady(admin.id, {
      cycleId: cycle.id,
      pickupPointId: point.id,
    });
    expect(readied).toEqual({ ready: 2, texted: 2 });
    expect((await sent(reader.phone, "sms")).at(-1)?.body).toContain(
      "arrived at the pickup point Kwun Tong Station (50 Hoi Yuen Road, Kwun Tong)",
    );
    expect((await sent(zhReader.phone, "sms")).at(-1)?.body).toContain(
      "已送抵自取點「觀塘站」（觀塘開源道 50 號）",
    );
  });
});

describe("the sign-in code", () => {
  const ask = (phone: string, locale?: "en" | "zh-HK") =>
    database.services.members.auth.sendCode({ phone, purpose: "login", ip: "203.0.113.9", locale });

  it("is sent in the language of the page that asked for it", async () => {
    const member = await createMember(database.db);
    expect((await ask(member.phone, "en")).status).toBe("sent");
    const [english] = await sent(member.phone, "sms");
    expect(english?.body).toMatch(/^\[Gather\] Your verification code is \d{6}, valid for \d+ minutes\./);
  });

  it("is in the member's own language when the page does not say", async () => {
    const reader = await createMember(database.db, { locale: "en" });
    expect((await ask(reader.phone)).status).toBe("sent");
    expect((await sent(reader.phone, "sms"))[0]?.body).toContain("Your verification code is");
    const chinese = await createMember(database.db);
    expect((await ask(chinese.phone)).status).toBe("sent");
    expect((await sent(chinese.phone, "sms"))[0]?.body).toContain("你的驗證碼是");
  });
});
