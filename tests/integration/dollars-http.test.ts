import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { dollarLedger, members } from "../../app/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory } from "../helpers/factories.ts";
import { freePort, type RawResponse, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";

/**
 * /account/dollar and /admin/dollar over HTTP (issue 6 item 4, DESIGN §4.10): members read their
 * own records with reasons and running balances; only admins read everyone's and add or deduct,
 * never below 0, rounded to cents, with the spec's toast.
 */

const database = setupTestDatabase();

// DESIGN §4.10, as `npm run check:ledger` checks it: after every test, balance = Σ records
// and every record's order and line exist (decision 0018).
afterEach(async () => {
  expect(await database.services.dollars.checkLedger()).toEqual({ balances: [], references: [] });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-dollars-"));
let server: ServedShop;
let admin: MemberRow;
let member: MemberRow;
let other: MemberRow;
const cookies: Record<"anonymous" | "member" | "other" | "admin", string | undefined> = {
  anonymous: undefined,
  member: undefined,
  other: undefined,
  admin: undefined,
};
type Who = keyof typeof cookies;

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  await createCategory(database.db);
  admin = await createMember(database.db, { type: "admin" });
  member = await createMember(database.db, { lastName: "陳", firstName: "小明" });
  other = await createMember(database.db);
  cookies.admin = await sessionCookie(admin.id);
  cookies.member = await sessionCookie(member.id);
  cookies.other = await sessionCookie(other.id);
  fs.chmodSync(dataDir, 0o755);
  server = await serveShop({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

function send(who: Who, method: "GET" | "POST", url: string, form?: Record<string, string>) {
  const headers: Record<string, string> = {};
  if (cookies[who]) headers.cookie = cookies[who]!;
  let body: string | undefined;
  if (form) {
    body = new URLSearchParams(form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return request(server.url, url, { method, headers, body });
}

async function toastOf(response: RawResponse) {
  const header = (response.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("gather_toast="));
  return header ? await createCookie("gather_toast").parse(header.split(";")[0]!) : null;
}

const adjust = (fields: Record<string, string>) =>
  send("admin", "POST", "/admin/dollar", {
    direction: "add",
    note: "補償遲到",
    key: randomUUID(),
    ...fields,
  });

async function balance(id: string) {
  const [row] = await database.db
    .select({ cents: members.dDollarCents })
    .from(members)
    .where(eq(members.id, id));
  return row!.cents;
}

describe("/admin/dollar", () => {
  it("sends visitors to sign in and refuses members, changing nothing", async () => {
    const before = await database.db.select().from(dollarLedger);
    for (const [method, form] of [
      ["GET", undefined],
      ["POST", { member: member.phone, direction: "add", amount: "100", note: "x", key: randomUUID() }],
    ] as const) {
      const anonymous = await send("anonymous", method, "/admin/dollar", form);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.location).toMatch(/^\/login\?redirectTo=%2Fadmin/);
      expect((await send("member", method, "/admin/dollar", form)).status).toBe(403);
    }
    expect(await database.db.select().from(dollarLedger)).toEqual(before);
  });

  it("adds by phone rounded to cents, deducts by id, and refuses more than the balance", async () => {
    const added = await adjust({ member: member.phone, amount: "12.345" });
    expect(added.status).toBe(302);
    expect(await toastOf(added)).toMatchObject({ kind: "success", key: "toast.dDollarAdded" });
    expect(await balance(member.id)).toBe(1_235);

    const tooMuch = await adjust({ member: member.id, direction: "deduct", amount: "20" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toContain("會員的 dDollar 結餘只有 $12.35，不足以扣除 $20.00");
    expect(await balance(member.id)).toBe(1_235);

    const deducted = await adjust({ member: member.id, direction: "deduct", amount: "2.35" });
    expect(deducted.status).toBe(302);
    expect(await toastOf(deducted)).toMatchObject({
      key: "admin.dollar.deducted",
      params: { balance: "$10.00" },
    });
    expect(await balance(member.id)).toBe(1_000);

    const list = await send("admin", "GET", `/admin/dollar?q=${member.phone}`);
    expect(list.status).toBe(200);
    expect(list.body).toContain("補償遲到");
    expect(list.body).toContain("$2.35");
  });

  it("answers bad input with zh-HK messages and records nothing", async () => {
    const before = (await database.db.select().from(dollarLedger)).length;
    const cases: [Record<string, string>, string, number][] = [
      [{ member: "1234", amount: "10" }, "請輸入 8 位香港電話號碼或會員編號", 400],
      [{ member: "99999999", amount: "10" }, "找不到此會員", 404],
      [{ member: member.phone, amount: "0" }, "請輸入大於 0 的金額", 400],
      [{ member: member.phone, amount: "-5" }, "請輸入大於 0 的金額", 400],
      [{ member: member.phone, amount: "abc" }, "請輸入大於 0 的金額", 400],
      [{ member: member.phone, amount: "10001" }, "金額過大，每次最多 $10,000", 400],
      [{ member: member.phone, amount: "10", note: "" }, "必須填寫", 400],
    ];
    for (const [fields, message, status] of cases) {
      const response = await adjust(fields);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect(response.body, JSON.stringify(fields)).toContain(message);
    }
    expect(await database.db.select().from(dollarLedger)).toHaveLength(before);
  });

  it("records a form submitted twice once", async () => {
    const key = randomUUID();
    const start = await balance(other.id);
    await Promise.all([
      adjust({ member: other.phone, amount: "5", key }),
      adjust({ member: other.phone, amount: "5", key }),
    ]);
    expect(await balance(other.id)).toBe(start + 500);
  });
});

describe("/account/dollar", () => {
  it("sends visitors to sign in and shows members their own records with reasons and balances", async () => {
    const anonymous = await send("anonymous", "GET", "/account/dollar");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toMatch(/^\/login/);

    await database.services.dollars.adjust({
      member: { id: member.id },
      amountCents: 250,
      note: "",
      adminId: admin.id,
    });
    const page = await send("member", "GET", "/account/dollar");
    expect(page.status).toBe(200);
    expect(page.body).toContain("客戶服務調整");
    expect(page.body).toMatch(/\+(<!-- -->)?\$2\.50/);
    expect(page.body).toMatch(/data-testid="dollar-balance"[^>]*>\$12\.50</);
    const theirs = await send("other", "GET", "/account/dollar");
    expect(theirs.status).toBe(200);
    expect(theirs.body).not.toMatch(/\$2\.50/);
  });
});
