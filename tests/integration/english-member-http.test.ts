import { eq } from "drizzle-orm";
import { parse } from "node-html-parser";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { members, siteSettings } from "../../app/db/schema/index.ts";
import { authPages as auth } from "../../app/i18n/catalogue/en/auth-pages.ts";
import { common } from "../../app/i18n/catalogue/en/common.ts";
import { flashToasts as toasts } from "../../app/i18n/catalogue/en/flash-toasts.ts";
import { unsubscribe } from "../../app/i18n/catalogue/en/unsubscribe.ts";
import { welcome } from "../../app/i18n/catalogue/en/welcome.ts";
import { codeIn, uniqueIp } from "../helpers/auth.ts";
import { devOutbox, postForm, setCookie } from "../helpers/auth-http.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { chineseLeftIn, keysLeftIn } from "../helpers/english.ts";
import { createDistrict } from "../helpers/factories.ts";
import { request } from "../helpers/net.ts";
import { serveShopForFile } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";

/**
 * The member's pages in English under /en (issue 48, decision 0054): sign-in, registration, the
 * account and its profile, unsubscribing and the welcome page, in English with their links, form
 * errors, redirects and flash toasts kept in English; the zh-HK pages as they were.
 */

const database = setupTestDatabase();
const people = {} as Record<"member" | "referrer", MemberRow>;
const shop = serveShopForFile(() => database.url, {
  // Each sign-in plays a client of its own address (X-Forwarded-For), as a proxy on loopback would.
  // Settings read anew on each request, for the maintenance switch below.
  env: { TRUST_PROXY: "loopback", SHOP_DATA_CACHE_MS: "0" },
  prepare: async () => {
    // A shop of its own (no demo seed), with no categories whose Chinese names the menu would show.
    await createDistrict(database.db);
    people.referrer = await createMember(database.db, { firstName: "Siu Ming", lastName: "Wong" });
    people.member = await createMember(database.db, {
      firstName: "Tai Man",
      lastName: "Chan",
      email: "taiman@example.com",
      dDollarCents: 12_345,
      area: "九龍",
      adminDistrict: "觀塘區",
      agreePromotion: true,
      referrerId: people.referrer.id,
      createdAt: new Date("2026-10-17T04:00:00Z"),
    });
  },
});

const sessions = new Map<string, string>();
async function sessionOf(who: MemberRow): Promise<string> {
  const known = sessions.get(who.id);
  if (known) return known;
  const { token } = await database.services.members.auth.createSession(who.id, {});
  const cookie = (await createCookie("gather_session").serialize(token)).split(";")[0]!;
  sessions.set(who.id, cookie);
  return cookie;
}

const get = async (path: string, who?: MemberRow, cookie?: string) =>
  request(shop().url, path, {
    headers: { cookie: [who ? await sessionOf(who) : "", cookie ?? ""].filter(Boolean).join("; ") },
  });
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
/** The text a person reads in the first element `selector` finds (entities decoded). */
const textOf = (html: string, selector: string) =>
  parse(html, { blockTextElements: { script: true, style: true } })
    .querySelector(selector)
    ?.text.trim() ?? "";
/** A form posted as `who` (if anyone) from a client address of its own, or the one given. */
const post = async (path: string, fields: Record<string, string>, who?: MemberRow, ip = uniqueIp()) =>
  postForm(shop().url, path, fields, {
    "x-forwarded-for": ip,
    ...(who ? { cookie: await sessionOf(who) } : {}),
  });
/** `name=value` of each cookie a response sets, for the next request. */
const cookiesOf = (response: { headers: { "set-cookie"?: string[] } }) =>
  (response.headers["set-cookie"] ?? []).map((raw) => raw.split(";")[0]!).join("; ");

/**
 * A sign-in or registration code and the client address it was sent to (a code is that client's
 * only), asked for at the zh-HK page: the SMS's language is not the page's.
 */
async function codeFor(phone: string, purpose: "login" | "register"): Promise<{ code: string; ip: string }> {
  const ip = uniqueIp();
  const sent = await postForm(
    shop().url,
    `/${purpose}`,
    { intent: "send-code", phone },
    { "x-forwarded-for": ip },
  );
  expect(sent.status, sent.body.slice(0, 300)).toBe(200);
  const newest = (await devOutbox(shop().url, phone)).find((message) => /\d{6}/.test(message.body));
  if (!newest) throw new Error(`no code in the outbox for ${phone}`);
  return { code: codeIn(newest.body), ip };
}

function expectEnglish(html: string) {
  expect(htmlLang(html)).toBe("en");
  expect(chineseLeftIn(html)).toEqual([]);
  expect(keysLeftIn(html)).toEqual([]);
}

describe("/en/login and /en/register", () => {
  it("are in English, with their links in English", async () => {
    const login = await get("/en/login");
    expect(login.status).toBe(200);
    expectEnglish(login.body);
    expect(login.body).toContain(`<title>${auth["auth.loginTitle"]} | Gather</title>`);
    expect(textOf(login.body, "h1")).toBe(auth["auth.loginTitle"]);
    expect(login.body).toContain(">Send code<");
    expect(login.body).toContain('href="/en/register"');

    const register = await get("/en/register");
    expect(register.status).toBe(200);
    expectEnglish(register.body);
    expect(textOf(register.body, "h1")).toBe(auth["auth.registerTitle"]);
    expect(register.body).toContain('href="/en/login"');
    expect(register.body).toContain('href="/en/terms-and-conditions"');
    // The areas by their English names, their values as the profile stores them.
    expect(register.body).toContain('<option value="新界及離島">New Territories and Islands</option>');
  });

  it("stay in Chinese at their zh-HK addresses", async () => {
    const login = await get("/login");
    expect(htmlLang(login.body)).toBe("zh-HK");
    expect(textOf(login.body, "h1")).toBe("會員登入");
    expect(login.body).toContain('href="/register"');
    const register = await get("/register");
    expect(register.body).toContain('<option value="新界及離島">新界及離島</option>');
    expect(register.body).toContain('href="/terms-and-conditions"');
  });

  it("answer a bad phone number in the page's language", async () => {
    const english = await postForm(shop().url, "/en/login", { intent: "send-code", phone: "123" });
    expect(english.status).toBe(400);
    expectEnglish(english.body);
    expect(textOf(english.body, '[role="alert"]')).toBe(common["validation.phone"]);

    const chinese = await postForm(shop().url, "/login", { intent: "send-code", phone: "123" });
    expect(chinese.status).toBe(400);
    expect(htmlLang(chinese.body)).toBe("zh-HK");
    expect(textOf(chinese.body, '[role="alert"]')).toBe("電話號碼必須為8位數字");
  });

  it("answers a code that was never sent in English", async () => {
    const response = await post("/en/login", {
      intent: "login",
      phone: people.referrer.phone,
      code: "123456",
    });
    expect(response.status).toBe(400);
    expectEnglish(response.body);
    expect(textOf(response.body, '[role="alert"]')).toBe(auth["auth.codeExpired"]);
  });
});

describe("signing in and out of an English page", () => {
  it("sends a visitor from /en/account to /en/login and back", async () => {
    const anonymous = await get("/en/account");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toBe("/en/login?redirectTo=%2Fen%2Faccount");
    // zh-HK as before.
    expect((await get("/account")).headers.location).toBe("/login?redirectTo=%2Faccount");
  });

  /** Signs the referrer in at `/login` or `/en/login`: where it went, and the toast shown there. */
  async function signIn(path: string) {
    const { phone } = people.referrer;
    const { code, ip } = await codeFor(phone, "login");
    const signedIn = await post(path, { intent: "login", redirectTo: "", phone, code }, undefined, ip);
    expect(signedIn.status, signedIn.body.slice(0, 300)).toBe(302);
    expect(setCookie(signedIn, "gather_session")).toBeDefined();
    const location = signedIn.headers.location ?? "";
    const page = await request(shop().url, location, { headers: { cookie: cookiesOf(signedIn) } });
    expect(page.status).toBe(200);
    return { location, toast: textOf(page.body, '[data-testid="noscript-toast"]') };
  }

  it("signs in to /en/account with an English toast", async () => {
    expect(await signIn("/en/login")).toEqual({
      location: "/en/account",
      toast: toasts["toast.loginSuccess"],
    });
  });

  it("keeps zh-HK toasts on zh-HK pages", async () => {
    expect(await signIn("/login")).toEqual({ location: "/account", toast: "登入成功" });
  });

  it("registers from /en/register to the English welcome page", async () => {
    const phone = "61234987";
    const { code, ip } = await codeFor(phone, "register");
    const registered = await post(
      "/en/register",
      {
        intent: "register",
        phone,
        code,
        firstName: "Ka Yan",
        lastName: "Lee",
        area: "香港島",
        adminDistrict: "灣仔區",
      },
      undefined,
      ip,
    );
    expect(registered.status, registered.body.slice(0, 300)).toBe(302);
    expect(registered.headers.location).toBe("/en/success-registration");
    const welcomePage = await request(shop().url, "/en/success-registration", {
      headers: { cookie: cookiesOf(registered) },
    });
    expect(textOf(welcomePage.body, '[data-testid="noscript-toast"]')).toBe(toasts["toast.registerSuccess"]);
    const [row] = await database.db.select().from(members).where(eq(members.phone, phone));
    expect(row).toMatchObject({ area: "香港島", adminDistrict: "灣仔區" });
  });

  it("signs out of /en/logout to /en", async () => {
    const cookie = await sessionOf(await createMember(database.db));
    const english = await request(shop().url, "/en/logout", { method: "POST", headers: { cookie } });
    expect(english.status).toBe(302);
    expect(english.headers.location).toBe("/en");
    const chinese = await request(shop().url, "/logout", { method: "POST" });
    expect(chinese.headers.location).toBe("/");
  });
});

describe("/en/account", () => {
  it("is the member's account in English", async () => {
    const { status, body } = await get("/en/account", people.member);
    expect(status).toBe(200);
    expectEnglish(body);
    expect(htmlLang(body)).toBe("en");
    expect(textOf(body, "h1")).toBe("Hello, Tai Man Chan!");
    expect(textOf(body, '[data-testid="account-balance"]')).toBe("HK$123.45");
    expect(body).toContain("Joined 17 Oct 2026");
    expect(body).toContain('href="/en/account/profile"');
    expect(body).toContain('href="/en/order"');
    expect(body).toContain('action="/en/logout"');
  });

  it("counts the member's referees in English", async () => {
    const { body } = await get("/en/account", people.referrer);
    expect(body).toContain(">1 friend referred<");
  });

  it("marks a name written in Chinese as zh-HK, in the greeting and the header", async () => {
    const chan = await createMember(database.db, { lastName: "陳", firstName: "大文" });
    const { body } = await get("/en/account", chan);
    expectEnglish(body);
    expect(textOf(body, "h1")).toBe("Hello, 陳大文!");
    expect(body).toContain('<span lang="zh-HK">陳大文</span>');
    expect(body).toContain('<span lang="zh-HK">大文</span>');
  });

  it("stays in Chinese at /account", async () => {
    const { body } = await get("/account", people.member);
    expect(htmlLang(body)).toBe("zh-HK");
    expect(textOf(body, "h1")).toBe("Tai Man Chan，你好！");
    expect(textOf(body, '[data-testid="account-balance"]')).toBe("$123.45");
    expect(body).toContain("2026年10月17日（星期六）加入");
    expect(body).toContain('href="/account/profile"');
    expect(body).toContain('action="/logout"');
  });
});

describe("/en/account/profile", () => {
  const profile = { firstName: "Tai Man", lastName: "Chan" };

  it("is the member's details in English", async () => {
    const { status, body } = await get("/en/account/profile", people.member);
    expect(status).toBe(200);
    expectEnglish(body);
    expect(textOf(body, "h1")).toBe(auth["profile.title"]);
    expect(body).toContain('<option value="九龍" selected="">Kowloon</option>');
    expect(body).toContain('<option value="觀塘區" selected="">Kwun Tong</option>');
    expect(textOf(body, '[data-testid="profile-referrer"]')).toBe(
      `Your referrer: Wong** (**** ${people.referrer.phone.slice(-4)})`,
    );
    expect(body).toContain('href="/en/account"');
  });

  it("saves back to /en/account/profile with an English toast", async () => {
    const saved = await post(
      "/en/account/profile",
      {
        ...profile,
        email: "taiman@example.com",
        area: "九龍",
        adminDistrict: "觀塘區",
        agreePromotion: "on",
      },
      people.member,
    );
    expect(saved.status, saved.body.slice(0, 300)).toBe(302);
    expect(saved.headers.location).toBe("/en/account/profile");
    const page = await get("/en/account/profile", people.member, cookiesOf(saved));
    expect(textOf(page.body, '[data-testid="noscript-toast"]')).toBe(auth["profile.saved"]);
  });

  it("answers a district outside the area in English", async () => {
    const refused = await post(
      "/en/account/profile",
      { ...profile, area: "香港島", adminDistrict: "觀塘區" },
      people.member,
    );
    expect(refused.status).toBe(400);
    expectEnglish(refused.body);
    expect(textOf(refused.body, '[role="alert"]')).toBe(auth["validation.district"]);
  });

  it("stays in Chinese at /account/profile", async () => {
    const { body } = await get("/account/profile", people.member);
    expect(htmlLang(body)).toBe("zh-HK");
    expect(textOf(body, "h1")).toBe("帳戶資料");
    expect(body).toContain('<option value="九龍" selected="">九龍</option>');
  });
});

describe("/en/unsubscribe", () => {
  const tokenFor = (who: MemberRow) =>
    database.services.messages.campaigns.unsubscribeToken(who.id, new Date(Date.now() + 3_600_000));

  it("asks and confirms in English", async () => {
    const recipient = await createMember(database.db, { agreePromotion: true, email: "ann@example.com" });
    const token = await tokenFor(recipient);
    const asked = await get(`/en/unsubscribe?token=${token}`);
    expect(asked.status).toBe(200);
    expectEnglish(asked.body);
    expect(textOf(asked.body, "h1")).toBe(unsubscribe["unsubscribe.title"]);
    // The shop by its English name, as its English emails name it.
    expect(asked.body).toContain("Stop receiving promotional emails from Gather?");
    expect(textOf(asked.body, '[data-testid="unsubscribe"] .break-all')).toBe(
      "Email address: ann@example.com",
    );
    expect(asked.body).toContain('href="/en"');

    const done = await post(`/en/unsubscribe?token=${token}`, { token });
    expect(done.status).toBe(200);
    expectEnglish(done.body);
    expect(textOf(done.body, "h1")).toBe(unsubscribe["unsubscribe.done.title"]);
  });

  it("refuses a forged link in English, and in Chinese at /unsubscribe", async () => {
    const english = await get("/en/unsubscribe?token=forged");
    expect(english.status).toBe(400);
    expectEnglish(english.body);
    expect(textOf(english.body, "h1")).toBe(unsubscribe["unsubscribe.forged.title"]);
    const chinese = await get("/unsubscribe?token=forged");
    expect(htmlLang(chinese.body)).toBe("zh-HK");
    expect(textOf(chinese.body, "h1")).toBe("連結無效");
  });
});

describe("/en/success-registration", () => {
  it("welcomes the new member in English", async () => {
    const { status, body } = await get("/en/success-registration");
    expect(status).toBe(200);
    expectEnglish(body);
    expect(body).toContain(`<title>${welcome["welcome.title"]} | Gather</title>`);
    expect(textOf(body, "h1")).toBe(welcome["welcome.headline"]);
    expect(body).toContain('href="/en/guide"');
    expect(body).toContain('href="/en/location"');
  });

  it("stays in Chinese at /success-registration", async () => {
    const { body } = await get("/success-registration");
    expect(htmlLang(body)).toBe("zh-HK");
    expect(textOf(body, "h1")).toBe("歡迎加入齊齊買！");
    expect(body).toContain("<title>註冊成功 | 齊齊買</title>");
    expect(body).toContain('href="/guide"');
  });
});

describe("maintenance", () => {
  it("keeps /en/login and /en/unsubscribe open, as their zh-HK twins", async () => {
    const token = await database.services.messages.campaigns.unsubscribeToken(
      people.member.id,
      new Date(Date.now() + 3_600_000),
    );
    await database.db.insert(siteSettings).values({}).onConflictDoNothing();
    await database.db.update(siteSettings).set({ maintenance: true });
    try {
      expect((await get("/en/about")).status).toBe(503);
      for (const path of [
        "/en/login",
        "/login",
        `/en/unsubscribe?token=${token}`,
        `/unsubscribe?token=${token}`,
      ])
        expect((await get(path)).status, path).toBe(200);
    } finally {
      await database.db.update(siteSettings).set({ maintenance: false });
    }
  });
});
