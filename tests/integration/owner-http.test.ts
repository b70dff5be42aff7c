import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CSV_BOM } from "../../app/domain/shared/csv.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { freePort, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { ownersWeek } from "./owner-fixtures.ts";

/**
 * The owner's pages over HTTP against the built server (issue 46 items 1, 2, 3 and 5): the sales
 * page, the store credit page and the accounting files for admins only, and each admin's own switches.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-owner-"));
let server: ServedShop;
let admin: MemberRow;
let shop: Awaited<ReturnType<typeof ownersWeek>>;
const cookies: Record<"member" | "admin", string> = { member: "", admin: "" };

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  shop = await ownersWeek(database.db, database.services);
  admin = await createMember(database.db, { type: "admin", email: "boss@example.com" });
  cookies.admin = await sessionCookie(admin.id);
  cookies.member = await sessionCookie((await createMember(database.db)).id);
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

function send(who: "member" | "admin", method: "GET" | "POST", url: string, body?: string) {
  const headers: Record<string, string> = { cookie: cookies[who] };
  if (body !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
  return request(server.url, url, { method, headers, body });
}

describe("the owner's pages over HTTP (issue 46)", () => {
  const cycleUrl = () => `period=cycle&key=${shop.cycle.id}`;

  it("are for admins only", async () => {
    for (const url of [
      `/admin/sales?${cycleUrl()}`,
      "/admin/store-credit",
      `/admin/sales/export.csv?${cycleUrl()}&sheet=payments`,
      `/admin/sales/export.xlsx?${cycleUrl()}`,
      "/admin/notifications",
    ]) {
      expect((await send("member", "GET", url)).status, url).toBe(403);
    }
    expect((await send("member", "POST", "/admin/notifications", "kind=claims_due")).status).toBe(403);
  });

  it("show a cycle's money, the store credit owed, and the accounting files", async () => {
    const { sales } = await database.services.reports.sales.figures(
      (await database.services.reports.sales.periods("cycle", String(shop.cycle.id), new Date()))!.current!,
    );
    const page = await send("admin", "GET", `/admin/sales?${cycleUrl()}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`data-value="${sales.itemsCents}"`);
    expect(page.body).toContain(`data-value="${sales.netRevenueCents}"`);
    expect((await send("admin", "GET", "/admin/sales?period=cycle&key=999999")).status).toBe(404);

    const owed = await database.services.reports.storeCredit.outstanding();
    const credit = await send("admin", "GET", "/admin/store-credit?period=week");
    expect(credit.status).toBe(200);
    expect(credit.body).toContain(
      `$${(owed.balancesCents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
    );

    const csv = await send("admin", "GET", `/admin/sales/export.csv?${cycleUrl()}&sheet=refunds`);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.startsWith(CSV_BOM)).toBe(true);
    expect(csv.body).toContain("重複付款");
    const xlsx = await send(
      "admin",
      "GET",
      `/admin/sales/export.xlsx?period=month&key=${shop.cycle.cutoffAt.toISOString().slice(0, 7)}`,
    );
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers["content-type"]).toContain("spreadsheetml");
    expect((await send("admin", "GET", `/admin/sales/export.csv?period=week&sheet=payments`)).status).toBe(
      400,
    );
    expect((await send("admin", "GET", `/admin/sales/export.csv?${cycleUrl()}&sheet=nope`)).status).toBe(400);
  });

  it("let each admin switch each kind of email off", async () => {
    const page = await send("admin", "GET", "/admin/notifications");
    expect(page.status).toBe(200);
    expect(page.body).toContain("boss@example.com");
    const saved = await send(
      "admin",
      "POST",
      "/admin/notifications",
      "kind=cycle_settled&kind=claims_due&kind=bogus",
    );
    expect(saved.status).toBe(302);
    expect(await database.services.messages.adminNotices.switchesOf(admin.id)).toEqual([
      "cycle_settled",
      "claims_due",
    ]);
    await send("admin", "POST", "/admin/notifications", "");
    expect(await database.services.messages.adminNotices.switchesOf(admin.id)).toEqual([]);
  });
});
