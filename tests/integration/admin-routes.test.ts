import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { auditLog, members, siteSettings } from "../../app/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory } from "../helpers/factories.ts";
import { freePort, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";

/**
 * The back office over HTTP, as a browser reaches it: the production build on this file's own
 * database. Every admin URL, loader and action, for a visitor, a member and an admin; then the
 * CSV export byte for byte.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-admin-"));
let server: ServedShop;
let admin: MemberRow;
let member: MemberRow;
let target: MemberRow;
const cookies: Record<"anonymous" | "member" | "admin", string | undefined> = {
  anonymous: undefined,
  member: undefined,
  admin: undefined,
};

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  // Any shop content stops the server seeding the demo shop (and its members) into this database.
  await createCategory(database.db);
  admin = await createMember(database.db, { type: "admin", lastName: "管", firstName: "理員" });
  member = await createMember(database.db, { lastName: "普通", firstName: "會員" });
  target = await createMember(database.db, {
    lastName: '=HYPERLINK("http://evil.example","按此")',
    firstName: "+SUM(1,2)",
    email: "@evil@example.com",
    district: '-1 旺角, "金輝大廈"',
    agreePromotion: true,
  });
  cookies.admin = await sessionCookie(admin.id);
  cookies.member = await sessionCookie(member.id);
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

type Who = keyof typeof cookies;

function send(
  who: Who,
  method: "GET" | "POST",
  url: string,
  form?: Record<string, string | readonly string[]>,
) {
  const headers: Record<string, string> = {};
  if (cookies[who]) headers.cookie = cookies[who]!;
  let body: string | undefined;
  if (form) {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) {
      for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
    }
    body = params.toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return request(server.url, url, { method, headers, body });
}

const settingsForm = {
  reopenAt: "2031-05-01T09:30",
  shopName: "齊齊買（測試）",
  supportWhatsapp: "9876 5432",
  cardFeePercent: "2.25",
  referralPercent: "6",
  facebookUrl: "https://www.facebook.com/gather.test",
  instagramUrl: "https://www.instagram.com/gather.test",
  paymeClaimHours: "12",
  maintenance: "on",
};

const editForm = () => ({
  lastName: "黃",
  firstName: "大仙",
  email: "wong@example.com",
  area: "九龍",
  adminDistrict: "黃大仙區",
  district: "",
  type: "member",
  agreePromotion: "on",
});

/** Every back office URL and method; the admin's expected status comes last. */
const routes = () =>
  [
    ["GET", "/admin", undefined, 200],
    ["GET", "/admin/member", undefined, 200],
    ["GET", "/admin/member?q=%E9%BB%83&promo=yes&page=3", undefined, 200],
    ["GET", `/admin/member/${target.id}`, undefined, 200],
    ["GET", "/admin/settings", undefined, 200],
    ["GET", "/admin/member/export.csv?scope=opted-in", undefined, 200],
    // A client-side navigation asks for one route's data only: that loader must check by itself.
    ["GET", "/admin/settings.data?_routes=routes%2Fadmin%2Fsettings", undefined, 200],
    ["GET", "/admin/member.data?_routes=routes%2Fadmin%2Fmember", undefined, 200],
    ["POST", "/admin/settings", settingsForm, 302],
    ["POST", `/admin/member/${target.id}`, editForm(), 302],
    ["POST", "/admin/member/export.csv", { scope: "selected", ids: [target.id] }, 200],
  ] as const;

async function snapshot() {
  const [settings] = await database.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  const [row] = await database.db.select().from(members).where(eq(members.id, target.id));
  const audit = await database.db.select().from(auditLog);
  return { settings, row, audit: audit.length };
}

describe("a visitor who is not signed in", () => {
  it("is sent to /login from every admin URL and method, coming back afterwards", async () => {
    for (const [method, url, form] of routes()) {
      const response = await send("anonymous", method, url, form);
      const label = `${method} ${url}`;
      if (url.includes(".data")) {
        // Single fetch answers data requests with a redirect instruction, not a 3xx.
        expect(response.status, label).toBe(202);
        expect(response.body, label).toContain("/login?redirectTo=");
        continue;
      }
      expect(response.status, label).toBe(302);
      expect(response.headers.location, label).toMatch(/^\/login\?redirectTo=%2Fadmin/);
    }
  });
});

describe("a signed-in member who is not an admin", () => {
  it("gets 403 everywhere and changes nothing", async () => {
    const before = await snapshot();
    for (const [method, url, form] of routes()) {
      const response = await send("member", method, url, form);
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body, `${method} ${url}`).not.toContain("HYPERLINK");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("sees the 403 page in zh-HK", async () => {
    const response = await send("member", "GET", "/admin/member");
    expect(response.body).toContain("沒有權限");
    expect(response.body).toContain("此頁只供管理員使用");
    expect(response.body).toContain('lang="zh-HK"');
  });
});

describe("an admin", () => {
  it("reaches every admin URL and method", async () => {
    for (const [method, url, form, status] of routes()) {
      const response = await send("admin", method, url, form);
      expect(response.status, `${method} ${url}`).toBe(status);
    }
  });

  it("saved the settings and the member edit, each with its audit entry", async () => {
    const [settings] = await database.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(settings).toMatchObject({
      maintenance: true,
      shopName: "齊齊買（測試）",
      supportWhatsapp: "85298765432",
      paymeClaimHours: 12,
      cardFeeBasisPoints: 225,
      referralPercent: 6,
    });
    expect(settings?.reopenAt.toISOString()).toBe("2031-05-01T01:30:00.000Z");
    const [row] = await database.db.select().from(members).where(eq(members.id, target.id));
    expect(row).toMatchObject({ lastName: "黃", firstName: "大仙", adminDistrict: "黃大仙區" });
    const actions = (await database.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id))).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["settings.update", "member.update", "member.export"]));
  });

  it("still sees the whole site in maintenance mode while a member sees the maintenance page", async () => {
    const forAdmin = await send("admin", "GET", "/about");
    expect(forAdmin.status).toBe(200);
    const forMember = await send("member", "GET", "/about");
    expect(forMember.status).toBe(503);
    expect(forMember.body).toContain("網站維護中");
  });

  it("gets the form back with zh-HK messages for bad settings, saving nothing", async () => {
    const before = await snapshot();
    const response = await send("admin", "POST", "/admin/settings", {
      ...settingsForm,
      reopenAt: "2031-02-30T09:30",
      facebookUrl: "javascript:alert(1)",
      shopName: "",
      paymeClaimHours: "0",
    });
    expect(response.status).toBe(400);
    expect(response.body).toContain("請輸入 1 至 168 之間的整數（小時）");
    expect(response.body).toContain("請輸入有效的日期及時間");
    expect(response.body).toContain("請輸入以 https:// 開頭的網址");
    expect(response.body).toContain("必須填寫");
    expect(await snapshot()).toEqual(before);
  });

  it("cannot take away their own admin rights", async () => {
    const response = await send("admin", "POST", `/admin/member/${admin.id}`, {
      ...editForm(),
      lastName: admin.lastName,
      firstName: admin.firstName,
      email: admin.email,
      type: "member",
    });
    expect(response.status).toBe(400);
    expect(response.body).toContain("不可移除自己的管理員權限");
    const [still] = await database.db.select().from(members).where(eq(members.id, admin.id));
    expect(still?.type).toBe("admin");
  });

  it("gets 404 for a member that does not exist", async () => {
    expect((await send("admin", "GET", "/admin/member/00000000-0000-4000-8000-000000000000")).status).toBe(
      404,
    );
    expect((await send("admin", "GET", "/admin/member/not-a-uuid")).status).toBe(404);
  });
});

describe("CSV export", () => {
  beforeAll(async () => {
    // Put the formula-like text back on the target (the admin test above edited it).
    await database.db
      .update(members)
      .set({
        lastName: '=HYPERLINK("http://evil.example","按此")',
        firstName: "+SUM(1,2)",
        email: "@evil@example.com",
        district: '-1 旺角, "金輝大廈"',
        agreePromotion: true,
      })
      .where(eq(members.id, target.id));
  });

  function parseRows(body: string): string[] {
    return body
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
  }

  it("serves every opted-in member as UTF-8 with a BOM, formula cells made safe", async () => {
    const response = await send("admin", "GET", "/admin/member/export.csv?scope=opted-in");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="members-opted-in-\d{8}-\d{4}\.csv"$/,
    );
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    const rows = parseRows(response.body);
    expect(rows[0]).toBe(
      "電話號碼,姓氏,名字,電郵,地區,分區,居住屋苑／街道,類型,同意推廣,dDollar,註冊日期,最後登入,推薦人電話號碼,推薦人姓名",
    );
    // Only the target agreed to promotions.
    expect(rows).toHaveLength(2);
    // Every cell that a spreadsheet would run as a formula starts with ', quoted where CSV needs it.
    expect(rows[1]!.replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/, "<time>")).toBe(
      `${target.phone},"'=HYPERLINK(""http://evil.example"",""按此"")","'+SUM(1,2)",'@evil@example.com,` +
        `九龍,黃大仙區,"'-1 旺角, ""金輝大廈""",會員,是,0,<time>,,,`,
    );
  });

  it("exports exactly the selected rows", async () => {
    const response = await send("admin", "POST", "/admin/member/export.csv", {
      scope: "selected",
      ids: [member.id, admin.id],
    });
    expect(response.status).toBe(200);
    const phones = parseRows(response.body)
      .slice(1)
      .map((row) => row.split(",")[0]);
    expect(phones.sort()).toEqual([member.phone, admin.phone].sort());
  });

  it("refuses an empty or malformed selection and an unknown scope", async () => {
    expect((await send("admin", "POST", "/admin/member/export.csv", { scope: "selected" })).status).toBe(400);
    expect(
      (await send("admin", "POST", "/admin/member/export.csv", { scope: "selected", ids: ["1' or '1'='1"] }))
        .status,
    ).toBe(400);
    expect((await send("admin", "GET", "/admin/member/export.csv")).status).toBe(400);
    expect((await send("admin", "GET", "/admin/member/export.csv?scope=selected")).status).toBe(400);
  });
});
