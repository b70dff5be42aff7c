import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  dollarLedger,
  emailCampaigns,
  orderCycles,
  orders,
  products,
  settlementNotices,
} from "../../app/db/schema/index.ts";
import { devOutbox, requestLoginCode, setCookie, submitLogin } from "../helpers/auth-http.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { freePorts, request } from "../helpers/net.ts";
import { type RunningServer, startServer } from "../helpers/server.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type FakeSmtp, startFakeSmtp } from "../helpers/smtp.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createProduct } from "./catalogue-fixtures.ts";
import { checkOrders, checkoutCrowd, postCheckout } from "./checkout-crowd.ts";
import { closedCycle, paidOrder } from "./settlement-fixtures.ts";

/**
 * Issue 8 item 3: two app instances on different ports against one PostgreSQL, requests spread
 * across them, behave as one: sessions, carts, stock, settlement and sending (DESIGN §3: no state
 * in the process; work claimed with row locks).
 */

const database = setupTestDatabase();
const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), "gather-scale-")));
let smtp: FakeSmtp;
let instances: RunningServer[] = [];
let admin: MemberRow;
let adminCookie: string;

const [first, second] = [0, 1].map((i) => () => {
  const instance = instances[i];
  if (!instance) throw new Error("the instances did not start");
  return instance.url;
}) as [() => string, () => string];

function form(fields: Record<string, string>, cookie?: string) {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  };
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  // Any shop content stops the servers seeding the demo shop.
  await createCategory(database.db);
  admin = await createMember(database.db, { type: "admin" });
  adminCookie = await memberSessionCookie(database.services, admin.id);
  for (const dir of dataDirs) fs.chmodSync(dir, 0o755);
  const ports = await freePorts(2);
  instances = await Promise.all(
    ports.map((port, i) =>
      startServer({
        NODE_ENV: "production",
        DATABASE_URL: database.url,
        DATA_DIR: dataDirs[i]!,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
        SMTP_URL: smtp.url,
        EMAIL_PER_MINUTE: "6000",
        RATE_LIMIT_FORMS_PER_MINUTE: "100000",
        GATHER_BUILD_DIR: inject("buildDir"),
        LOG_LEVEL: "warn",
        // These tests play clients on addresses of their own through X-Forwarded-For, as a proxy on loopback would (TRUST_PROXY).
        TRUST_PROXY: "loopback",
      }),
    ),
  );
}, 180_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop("SIGTERM")));
  await smtp?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe("two instances behind one address", () => {
  it("signs a member in on one and knows them on the other, with the same cart", async () => {
    const member = await createMember(database.db);
    const category = await createCategory(database.db);
    const product = await createProduct(database.db, { categoryId: category.id, name: "兩邊都見到的和牛" });

    // One phone (one address, no device cookie) asks on one instance and signs in on the other:
    // the code is that client's (issue 44 item 3), whichever instance it meets.
    const code = await requestLoginCode(first(), member.phone, "203.0.113.7");
    const signedIn = await submitLogin(
      second(),
      { phone: member.phone, code },
      { "x-forwarded-for": "203.0.113.7" },
    );
    expect(signedIn.status).toBe(302);
    const session = setCookie(signedIn, "gather_session");
    expect(session?.value).toBeTruthy();
    const cookie = `gather_session=${session!.value}`;

    const added = await request(
      first(),
      "/cart",
      form({ intent: "add", productId: String(product.id) }, cookie),
    );
    expect(added.status).toBeLessThan(400);
    const cart = await request(second(), "/cart", { headers: { cookie } });
    expect(cart.status).toBe(200);
    expect(cart.body).toContain("兩邊都見到的和牛");
    const account = await request(first(), "/account", { headers: { cookie } });
    expect(account.status).toBe(200);
  });

  it("sells exactly the stock when 60 members check out across both for 40 units", async () => {
    const crowd = await checkoutCrowd(database.db, database.services, { shoppers: 60, stock: 40 });
    const answers = await Promise.all(
      crowd.shoppers.map((shopper, i) => postCheckout(i % 2 === 0 ? first() : second(), crowd, shopper)),
    );
    expect(answers.filter((answer) => answer.kind === "placed")).toHaveLength(40);
    expect(answers.filter((answer) => answer.kind === "refused")).toHaveLength(20);
    const [row] = await database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, crowd.product.id));
    expect(row!.stock).toBe(0);
    const check = await checkOrders(database.db, crowd);
    expect(check.broken).toEqual([]);
    expect(check.stockGap).toBe(0);
    expect(check.ledgerMismatches).toBe(0);
  });

  it("settles a cycle once when both are asked at the same moment, and texts each member once", {
    timeout: 60_000,
  }, async () => {
    const { db } = database;
    const cycle = await closedCycle(db);
    const category = await createCategory(db);
    const district = await createDistrict(db);
    const point = await createPickupPoint(db, { districtId: district.id });
    const product = await createProduct(db, {
      categoryId: category.id,
      priceCents: 10_000,
      gatherPriceCents: 8_000,
      targetBuyers: 2,
    });
    const buyers = [await createMember(db), await createMember(db), await createMember(db)];
    for (const buyer of buyers) {
      await paidOrder(db, {
        cycleId: cycle.id,
        memberId: buyer.id,
        pickupPointId: point.id,
        lines: [{ product, quantity: 1 }],
      });
    }

    const settle = (url: string) =>
      request(url, `/admin/deadline/${cycle.id}`, form({ intent: "settle" }, adminCookie));
    const answers = await Promise.all([settle(first()), settle(second())]);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);

    const [settled] = await db.select().from(orderCycles).where(eq(orderCycles.id, cycle.id));
    expect(settled!.status).toBe("settled");
    const credits = await db
      .select({ memberId: dollarLedger.memberId, cents: dollarLedger.amountCents })
      .from(dollarLedger)
      .innerJoin(orders, eq(orders.id, dollarLedger.orderId))
      .where(and(eq(orders.cycleId, cycle.id), eq(dollarLedger.reason, "group_refund")));
    expect(credits.map((credit) => credit.cents)).toEqual([2_000, 2_000, 2_000]);

    // Both instances run the SMS job: each member hears once. A job texts only the notices it
    // claimed (marked sent), so once every notice is claimed and every member has a text, nothing
    // is left to send; a second claim of one notice is checked with four senders racing in
    // app/services/settlement.server.test.ts.
    const settlementTexts = async (phone: string) =>
      (await devOutbox(first(), phone)).filter((message) => message.body.includes("截單的團購已結算"));
    const noticesSent = async () => {
      const notices = await db
        .select({ sentAt: settlementNotices.sentAt })
        .from(settlementNotices)
        .where(eq(settlementNotices.cycleId, cycle.id));
      if (notices.length !== buyers.length || notices.some((notice) => notice.sentAt === null)) return false;
      const counts = await Promise.all(
        buyers.map(async (buyer) => (await settlementTexts(buyer.phone)).length),
      );
      return counts.every((count) => count >= 1);
    };
    await expect
      .poll(noticesSent, { timeout: 30_000, interval: 200, message: "the settlement SMS" })
      .toBe(true);
    for (const buyer of buyers) {
      const texts = await settlementTexts(buyer.phone);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.body).toContain("$20.00 dDollar");
    }
  });

  it("sends a campaign queued on both once to each opted-in member, though both are sending", {
    timeout: 60_000,
  }, async () => {
    const readers = [];
    for (let i = 0; i < 8; i++) readers.push(await createMember(database.db, { agreePromotion: true }));
    const campaignId = await database.services.messages.campaigns.create(admin.id, {
      subject: "本週團購",
      body: "新貨到",
    });

    const send = (url: string) =>
      request(
        url,
        `/admin/email/${campaignId}/edit`,
        form({ subject: "本週團購", body: "新貨到", intent: "send" }, adminCookie),
      );
    const answers = await Promise.all([send(first()), send(second())]);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    await expect
      .poll(
        async () => {
          const [row] = await database.db
            .select()
            .from(emailCampaigns)
            .where(eq(emailCampaigns.id, campaignId));
          return row?.status;
        },
        { timeout: 30_000, interval: 200, message: "the campaign to finish" },
      )
      .toBe("sent");
    for (const reader of readers) expect(smtp.countTo(reader.email), reader.email).toBe(1);
    const recipients = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_campaign_recipients where campaign_id = ${campaignId}`,
    );
    expect(recipients.rows[0]!.n).toBe(readers.length);
  });
});
