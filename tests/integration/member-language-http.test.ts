import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { members } from "../../app/db/schema/index.ts";
import { codeIn, uniqueIp } from "../helpers/auth.ts";
import { devOutbox, postForm } from "../helpers/auth-http.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createDistrict } from "../helpers/factories.ts";
import { request } from "../helpers/net.ts";
import { serveShopForFile } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";

/**
 * Issue 48 item 1: a member's language is kept in their profile (`members.locale`) — from the page
 * they registered on, the header's switch while signed in, and the profile's own choice — and the
 * device follows it (`gather_lang`) once they sign in. Their SMS then come in it.
 */

const database = setupTestDatabase();
const shop = serveShopForFile(() => database.url, {
  env: { TRUST_PROXY: "loopback" },
  prepare: async () => {
    await createDistrict(database.db);
  },
});

async function sessionOf(who: MemberRow): Promise<string> {
  const { token } = await database.services.members.auth.createSession(who.id, {});
  return (await createCookie("gather_session").serialize(token)).split(";")[0]!;
}
const localeOf = async (id: string) =>
  (await database.db.select({ locale: members.locale }).from(members).where(eq(members.id, id)))[0]?.locale;
const langCookieIn = (response: { headers: { "set-cookie"?: string[] } }) =>
  (response.headers["set-cookie"] ?? []).find((line) => line.startsWith("gather_lang="))?.split(";")[0];

/** Asks for a code at `path` as a client of its own and returns the code and that client's address. */
async function codeAt(path: string, phone: string) {
  const ip = uniqueIp();
  const sent = await postForm(shop().url, path, { intent: "send-code", phone }, { "x-forwarded-for": ip });
  expect(sent.status, sent.body.slice(0, 300)).toBe(200);
  const [newest] = await devOutbox(shop().url, phone);
  return { ip, sms: newest?.body ?? "", code: codeIn(newest?.body ?? "") };
}

describe("a member's language", () => {
  it("is the registration page's: registering at /en/register texts and keeps English", async () => {
    const phone = "62345678";
    const { ip, sms, code } = await codeAt("/en/register", phone);
    expect(sms).toContain("Your verification code is");
    const registered = await postForm(
      shop().url,
      "/en/register",
      { intent: "register", phone, code, lastName: "Santos", firstName: "Maria" },
      { "x-forwarded-for": ip },
    );
    expect(registered.status).toBe(302);
    expect(registered.headers.location).toBe("/en/success-registration");
    const [row] = await database.db.select().from(members).where(eq(members.phone, phone));
    expect(row?.locale).toBe("en");

    // Registering at /register keeps zh-HK, the SMS in Chinese.
    const chinese = await codeAt("/register", "62345679");
    expect(chinese.sms).toContain("你的驗證碼是");
  });

  it("changes with the header's switch while signed in, and only then", async () => {
    const member = await createMember(database.db);
    const cookie = await sessionOf(member);
    const switched = await request(shop().url, "/en/all?lang=en", { headers: { cookie } });
    expect(switched.status).toBe(302);
    expect(await localeOf(member.id)).toBe("en");
    await request(shop().url, "/all?lang=zh-HK", { headers: { cookie } });
    expect(await localeOf(member.id)).toBe("zh-HK");
    // Reading an English page is not a choice.
    await request(shop().url, "/en/all", { headers: { cookie } });
    expect(await localeOf(member.id)).toBe("zh-HK");
  });

  it("is chosen in the profile, which then opens in it", async () => {
    const member = await createMember(database.db, { firstName: "Joy", lastName: "Reyes" });
    const cookie = await sessionOf(member);
    const page = await request(shop().url, "/account/profile", { headers: { cookie } });
    expect(page.body).toMatch(
      /<option value="zh-HK" lang="zh-HK" selected="">中文<\/option>|selected[^>]*>中文/,
    );
    const saved = await postForm(
      shop().url,
      "/account/profile",
      { firstName: "Joy", lastName: "Reyes", locale: "en" },
      { cookie },
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.location).toBe("/en/account/profile");
    expect(langCookieIn(saved)).toBe("gather_lang=en");
    expect(await localeOf(member.id)).toBe("en");

    // Not a language of the shop: refused, nothing saved.
    const refused = await postForm(
      shop().url,
      "/en/account/profile",
      { firstName: "Joy", lastName: "Reyes", locale: "fr" },
      { cookie },
    );
    expect(refused.status).toBe(400);
    expect(await localeOf(member.id)).toBe("en");
  });

  it("is the device's once the member signs in, wherever they sign in", async () => {
    const member = await createMember(database.db, { locale: "en" });
    const { ip, code, sms } = await codeAt("/login", member.phone);
    // Asked at a zh-HK page: that page's language.
    expect(sms).toContain("你的驗證碼是");
    const signedIn = await postForm(
      shop().url,
      "/login",
      { intent: "login", phone: member.phone, code },
      { "x-forwarded-for": ip },
    );
    expect(signedIn.status).toBe(302);
    expect(langCookieIn(signedIn)).toBe("gather_lang=en");
    // The home page then opens in English on this device.
    const home = await request(shop().url, "/", { headers: { cookie: "gather_lang=en" } });
    expect(home.headers.location).toBe("/en");
  });
});
