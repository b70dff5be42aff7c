import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { codeIn } from "../helpers/auth.ts";
import { devOutbox, postForm, setCookie } from "../helpers/auth-http.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory, createDistrict, createPickupPoint } from "../helpers/factories.ts";
import { freePort, request } from "../helpers/net.ts";
import { type RunningServer, startServer } from "../helpers/server.ts";
import { createMember } from "./admin-fixtures.ts";
import { createCycle, createProduct, type ProductRow } from "./catalogue-fixtures.ts";

/**
 * Issue 44 item 8: no log line carries personal data. The shop runs as `npm start` runs it (the
 * bundled server, its stdout and stderr captured, at LOG_LEVEL=debug), and a member with a known
 * phone number registers, signs out and in, adds to the cart, checks out and pays; an admin looks
 * them up by phone; one request fails in PostgreSQL with the phone among its SQL parameters (a
 * trigger refuses it). Then the whole log is searched: the phone number (as stored and as typed),
 * the member's name and email, and every sign-in code appear nowhere, though the failure was logged.
 */

const PHONE = `6${String(Date.now()).slice(-7)}`;
const SPACED = `${PHONE.slice(0, 4)} ${PHONE.slice(4)}`;
const FIRST_NAME = "隱私測試";
const EMAIL = `privacy${PHONE}@example.hk`;

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-log-privacy-"));
let server: RunningServer;
let product: ProductRow;
let district: { id: number };
let point: { id: number };
const codes: string[] = [];

beforeAll(async () => {
  const { db } = database;
  const category = await createCategory(db);
  district = await createDistrict(db);
  point = await createPickupPoint(db, { districtId: district.id, deliveryChargeCents: 0 });
  const open = await db.execute(sql`select id from order_cycles where status = 'open'`);
  if (open.rows.length === 0) await createCycle(db);
  product = await createProduct(db, {
    categoryId: category.id,
    mode: "instock",
    stock: 20,
    priceCents: 5_000,
    gatherPriceCents: 5_000,
  });
  fs.chmodSync(dataDir, 0o755);
  server = await startServer({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "debug",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** Lets the next code be sent now (one a minute per number): the last one is moved back in time. */
async function allowNextCode() {
  await database.pool.query(
    "update verification_codes set created_at = created_at - interval '2 minutes' where phone = $1",
    [PHONE],
  );
}

async function sendCode(page: "/login" | "/register"): Promise<string> {
  await allowNextCode();
  const sent = await postForm(server.url, page, { intent: "send-code", phone: SPACED });
  expect(sent.status).toBe(200);
  const newest = (await devOutbox(server.url, PHONE)).find((message) => message.body.includes("驗證碼"));
  const code = codeIn(newest!.body);
  codes.push(code);
  return code;
}

function hiddenValues(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`, "g"))].map(
    (match) => match[1]!,
  );
}

function logLines() {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg?: string; err?: { message?: string } });
}

describe("a whole journey's logs carry no personal data (issue 44 item 8)", () => {
  it("registers, signs in, buys and pays; an admin searches; a query fails with the phone in it", async () => {
    // Register (the number typed with a space, as members do), then sign out.
    const registerCode = await sendCode("/register");
    const registered = await postForm(server.url, "/register", {
      intent: "register",
      phone: SPACED,
      code: registerCode,
      lastName: "陳",
      firstName: FIRST_NAME,
      email: EMAIL,
      gender: "",
      area: "",
      adminDistrict: "",
      district: "",
      referrer: "",
    });
    expect(registered.status).toBe(302);
    const first = setCookie(registered, "gather_session")!.raw.split(";")[0]!;
    expect(
      (await request(server.url, "/logout", { method: "POST", headers: { cookie: first } })).status,
    ).toBe(302);

    // Sign in again.
    const loginCode = await sendCode("/login");
    const signedIn = await postForm(server.url, "/login", {
      intent: "login",
      phone: PHONE,
      code: loginCode,
      redirectTo: "/account",
    });
    expect(signedIn.status).toBe(302);
    const cookie = setCookie(signedIn, "gather_session")!.raw.split(";")[0]!;
    const post = (url: string, form: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [name, value] of Object.entries(form)) {
        for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
      }
      return request(server.url, url, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: body.toString(),
      });
    };

    // Add to the cart, check out, pay in the sandbox.
    const added = await post("/cart", { intent: "add", productId: String(product.id), back: "/instock" });
    expect(added.status).toBe(303);
    const checkout = await request(server.url, `/checkout?district=${district.id}`, { headers: { cookie } });
    expect(checkout.status).toBe(200);
    const placed = await post(`/checkout?district=${district.id}`, {
      idempotencyKey: hiddenValues(checkout.body, "idempotencyKey")[0]!,
      productIds: hiddenValues(checkout.body, "productIds"),
      pickupPointId: String(point.id),
      remark: `請致電 ${PHONE}`,
      intent: "place",
    });
    expect(placed.status).toBe(302);
    const order = /order=([^&]+)/.exec(placed.headers.location ?? "")?.[1];
    expect(order).toBeDefined();
    const card = await post(`/payment?order=${order}`, { method: "card" });
    expect(card.status).toBe(302);
    const sandbox = new URL(card.headers.location!, server.url);
    const paid = await post(sandbox.pathname + sandbox.search, { outcome: "success" });
    expect(paid.status).toBe(302);
    expect(paid.headers.location).toBe(`/payment/success?order=${order}`);

    // The order's text (paid: a placed notice not yet sent is replaced by it) comes from the notices
    // job through the outbox, which logs it.
    await vi.waitFor(
      async () => {
        const notices = (await devOutbox(server.url, PHONE)).filter(
          (message) => !message.body.includes("驗證碼"),
        );
        expect(notices.length).toBeGreaterThanOrEqual(1);
      },
      { timeout: 20_000, interval: 200 },
    );

    // An admin looks the member up by phone and by name.
    const admin = await createMember(database.db, { type: "admin" });
    const { token } = await database.services.members.auth.createSession(admin.id, {});
    const adminCookie = (await createCookie("gather_session").serialize(token)).split(";")[0]!;
    for (const q of [PHONE, encodeURIComponent(FIRST_NAME)]) {
      const found = await request(server.url, `/admin/member?q=${q}`, { headers: { cookie: adminCookie } });
      expect(found.status).toBe(200);
    }

    // A query fails with the phone among its parameters, in PostgreSQL's message and in its detail.
    await database.pool.query(`
      create function refuse_code() returns trigger language plpgsql as $$
      begin
        raise exception 'refused code for %', new.phone using detail = 'Key (phone)=(' || new.phone || ')';
      end $$;
      create trigger refuse_code before insert on verification_codes for each row execute function refuse_code();`);
    try {
      await allowNextCode();
      const refused = await postForm(server.url, "/login", { intent: "send-code", phone: PHONE });
      expect(refused.status).toBeLessThan(600);
      await vi.waitFor(() => expect(logLines().some((line) => line.level >= 50)).toBe(true), {
        timeout: 10_000,
        interval: 100,
      });
    } finally {
      await database.pool.query(
        "drop trigger refuse_code on verification_codes; drop function refuse_code();",
      );
    }
  });

  it("finds the phone number, the name, the email and the codes nowhere in the log", async () => {
    const output = server.output();
    const lines = logLines();
    // The journey was logged: requests, the outbox's texts, the failed query (as an error, its SQL kept).
    expect(lines.filter((line) => line.msg === "request").length).toBeGreaterThan(10);
    expect(lines.filter((line) => line.msg === "SMS kept in the outbox").length).toBeGreaterThanOrEqual(3);
    const failure = lines.find((line) => line.level >= 50);
    expect(failure?.err?.message).toMatch(/Failed query: insert into "verification_codes"/);

    expect(output).not.toContain(PHONE);
    expect(output).not.toContain(SPACED);
    expect(output).not.toContain(FIRST_NAME);
    expect(output).not.toContain(encodeURIComponent(FIRST_NAME));
    expect(output).not.toContain(EMAIL);
    expect(codes.length).toBe(2);
    for (const code of codes) expect(output).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });
});
