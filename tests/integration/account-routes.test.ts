import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { members } from "../../app/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory } from "../helpers/factories.ts";
import { freePort, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";

/**
 * Issue 3's authorization table for the member pages and the back office: every /account and
 * /admin route, loader and action, for a visitor, member A, member B and an admin.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-account-"));
let server: ServedShop;
const people: Record<"memberA" | "memberB" | "admin", MemberRow> = {} as never;
const cookies: Record<"anonymous" | "memberA" | "memberB" | "admin", string | undefined> = {
  anonymous: undefined,
  memberA: undefined,
  memberB: undefined,
  admin: undefined,
};
type Who = keyof typeof cookies;

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  await createCategory(database.db);
  people.memberA = await createMember(database.db, { lastName: "甲", firstName: "會員" });
  people.memberB = await createMember(database.db, { lastName: "乙", firstName: "會員" });
  people.admin = await createMember(database.db, { type: "admin", lastName: "管", firstName: "理員" });
  for (const who of ["memberA", "memberB", "admin"] as const)
    cookies[who] = await sessionCookie(people[who].id);
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

const profileForm = (lastName: string) => ({
  lastName,
  firstName: "會員",
  email: "someone@example.com",
  area: "九龍",
  adminDistrict: "觀塘區",
});

type Expect = "login" | "ok" | "forbidden" | "saved";
const routes: [
  method: "GET" | "POST",
  url: () => string,
  form: (() => Record<string, string>) | undefined,
  member: Expect,
  admin: Expect,
][] = [
  ["GET", () => "/account", undefined, "ok", "ok"],
  ["GET", () => "/account.data", undefined, "ok", "ok"],
  ["GET", () => "/account/profile", undefined, "ok", "ok"],
  ["POST", () => "/account/profile", () => profileForm("新"), "saved", "saved"],
  ["GET", () => "/admin", undefined, "forbidden", "ok"],
  ["GET", () => "/admin/member", undefined, "forbidden", "ok"],
  ["GET", () => `/admin/member/${people.memberA.id}`, undefined, "forbidden", "ok"],
  ["GET", () => "/admin/settings", undefined, "forbidden", "ok"],
  ["GET", () => "/admin/member/export.csv?scope=opted-in", undefined, "forbidden", "ok"],
];

function check(status: number, location: string | undefined, expected: Expect) {
  if (expected === "login") {
    // Documents redirect with 302; data requests (.data) answer 202 with the target in x-remix-redirect.
    expect([302, 202]).toContain(status);
    expect(location ?? "").toMatch(/^\/login\?redirectTo=/);
  } else if (expected === "forbidden") {
    expect(status).toBe(403);
  } else if (expected === "saved") {
    expect(status).toBe(302);
  } else {
    expect(status).toBe(200);
  }
}

describe("who may open which page", () => {
  for (const who of ["anonymous", "memberA", "memberB", "admin"] as const) {
    it(`${who}: every /account and /admin route answers as it should`, async () => {
      for (const [method, url, form, member, admin] of routes) {
        const expected: Expect = who === "anonymous" ? "login" : who === "admin" ? admin : member;
        const response = await send(who, method, url(), form?.());
        // A data request (.data) carries its redirect in the turbo-stream body.
        const location =
          (response.headers.location as string | undefined) ??
          (response.headers["x-remix-redirect"] as string | undefined) ??
          response.body.match(/"(\/login\?redirectTo=[^"]*)"/)?.[1];
        check(response.status, location, expected);
      }
    });
  }
});

describe("members see and change only their own account", () => {
  it("shows each member their own name and phone, never the other's", async () => {
    const [a, b] = await Promise.all([
      send("memberA", "GET", "/account"),
      send("memberB", "GET", "/account"),
    ]);
    expect(a.body).toContain(people.memberA.phone.slice(4));
    expect(a.body).not.toContain(people.memberB.phone.slice(4));
    expect(b.body).toContain(people.memberB.phone.slice(4));
    expect(b.body).not.toContain(people.memberA.phone.slice(4));
  });

  it("saves a profile only on the signed-in member's own row", async () => {
    const saved = await send("memberB", "POST", "/account/profile", profileForm("乙改"));
    expect(saved.status).toBe(302);
    const [a] = await database.db.select().from(members).where(eq(members.id, people.memberA.id));
    const [b] = await database.db.select().from(members).where(eq(members.id, people.memberB.id));
    expect(b?.lastName).toBe("乙改");
    expect(a?.lastName).not.toBe("乙改");
  });

  it("lets no visitor save a profile", async () => {
    const before = await database.db.select().from(members);
    await send("anonymous", "POST", "/account/profile", profileForm("匿名"));
    const after = await database.db.select().from(members);
    expect(after.map((row) => row.lastName)).toEqual(before.map((row) => row.lastName));
  });
});
