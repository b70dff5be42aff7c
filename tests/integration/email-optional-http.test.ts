import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { members } from "../../app/db/schema/index.ts";
import { uniquePhone } from "../helpers/auth.ts";
import { devOutbox, postForm, setCookie } from "../helpers/auth-http.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { request } from "../helpers/net.ts";
import { serveShopForFile } from "../helpers/shop.ts";
import { createCycle, createProduct } from "./catalogue-fixtures.ts";

/**
 * Issue 47 item 9: every notice goes by SMS, so a member registers without an email, adds one later
 * in the profile, and an email given is checked on the server as in the browser (one schema).
 */

const database = setupTestDatabase();
const shop = serveShopForFile(() => database.url, { prepare: () => createCategory(database.db) });

/** Registers `phone` through /register as a browser without JavaScript would, with `fields` added. */
async function register(phone: string, fields: Record<string, string>) {
  const page = await request(shop().url, "/register");
  const device = setCookie(page, "gather_device")!;
  const headers = { cookie: `${device.name}=${device.value}` };
  const sent = await postForm(shop().url, "/register", { intent: "send-code", phone }, headers);
  expect(sent.status).toBeLessThan(400);
  const text = (await devOutbox(shop().url, phone)).find((message) => message.body.includes("驗證碼"));
  const code = /\d{6}/.exec(text!.body)![0];
  return postForm(
    shop().url,
    "/register",
    { intent: "register", phone, code, lastName: "陳", firstName: "大文", ...fields },
    headers,
  );
}

describe("email is optional (issue 47 item 9)", () => {
  it("registers a member without an email, and texts every notice of an order", async () => {
    const phone = uniquePhone();
    const done = await register(phone, {});
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe("/success-registration");
    const [member] = await database.db.select().from(members).where(eq(members.phone, phone));
    expect(member!.email).toBe("");

    const { db, services } = database;
    await createCycle(db);
    const point = await createPickupPoint(db, { districtId: (await createDistrict(db)).id });
    const product = await createProduct(db, {
      categoryId: (await createCategory(db)).id,
      mode: "instock",
      stock: 5,
    });
    await services.cart.add(member!.id, product.id);
    const placed = await services.orders.placeOrder(member!.id, {
      pickupPointId: point.id,
      remark: "",
      ageConfirmed: false,
      idempotencyKey: randomUUID(),
    });
    expect(placed.status).not.toBe("refused");
    // Sent by this call or by the served shop's own notice job, which may have taken it first.
    await services.orders.notices.sendDue();
    const texts = async () =>
      (await devOutbox(shop().url, phone)).filter((message) => message.channel === "sms").map((m) => m.body);
    await expect.poll(texts).toContainEqual(expect.stringContaining("已收到訂單"));
    const sent = await devOutbox(shop().url, phone);
    expect(sent.filter((message) => message.channel === "email")).toEqual([]);
  });

  it("refuses a malformed email with the zh-HK message, saving nothing", async () => {
    const phone = uniquePhone();
    const refused = await register(phone, { email: "not-an-email" });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("電郵格式不正確");
    expect(await database.db.select().from(members).where(eq(members.phone, phone))).toEqual([]);
  });

  it("takes an email later in the profile, checked the same way", async () => {
    const phone = uniquePhone();
    const done = await register(phone, {});
    const session = setCookie(done, "gather_session")!;
    const cookie = { cookie: `${session.name}=${session.value}` };
    const profile = { lastName: "陳", firstName: "大文" };
    const bad = await postForm(shop().url, "/account/profile", { ...profile, email: "a@" }, cookie);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("電郵格式不正確");
    const good = await postForm(
      shop().url,
      "/account/profile",
      { ...profile, email: "chan@example.hk" },
      cookie,
    );
    expect(good.status).toBeLessThan(400);
    const [member] = await database.db.select().from(members).where(eq(members.phone, phone));
    expect(member!.email).toBe("chan@example.hk");
  });
});
