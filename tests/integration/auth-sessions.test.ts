import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readSessionToken, sessionHeaders } from "~/auth/session.server.ts";
import { outboxMessages, sessions, siteSettings, verificationCodes } from "~/db/schema/index.ts";
import { signInRules } from "~/domain/members/sign-in-rules.ts";
import { t } from "~/i18n/index.ts";
import { createMember, sessionsOf, uniqueIp } from "../helpers/auth.ts";
import {
  cookieValue,
  devOutbox,
  isSignedIn,
  postForm,
  requestLoginCode,
  type SetCookie,
  setCookie,
  submitLogin,
} from "../helpers/auth-http.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { freePort, request } from "../helpers/net.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";

/**
 * DESIGN §4.14 sessions and §7 /dev/outbox over real HTTP: the production build of this run,
 * served in demo mode on this file's own database. One server for the whole file.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-auth-"));
let server: ServedShop | undefined;

beforeAll(async () => {
  // A settings row makes the server skip the demo seed: these tests bring their own members.
  await database.db.insert(siteSettings).values({}).onConflictDoNothing();
  server = await serveShop({
    NODE_ENV: "production",
    SHOP_MODE: "demo",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
    // These tests play clients on addresses of their own through X-Forwarded-For, as a proxy on loopback would (TRUST_PROXY).
    TRUST_PROXY: "loopback",
  });
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

function base(): string {
  if (!server) throw new Error("the server did not start");
  return server.url;
}

const sessionCookieName = "gather_session";
const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Signs `phone` in through the forms and returns the session cookie the server set. */
async function signIn(phone: string, headers: Record<string, string> = {}): Promise<SetCookie> {
  const ip = uniqueIp();
  const code = await requestLoginCode(base(), phone, ip);
  const response = await submitLogin(base(), { phone, code }, { "x-forwarded-for": ip, ...headers });
  expect(response.status, response.body.slice(0, 300)).toBe(302);
  expect(response.headers.location).toBe("/account");
  const cookie = setCookie(response, sessionCookieName);
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(response.headers["set-cookie"])}`);
  return cookie;
}

const header = (cookie: SetCookie) => `${cookie.name}=${cookie.value}`;

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/ and lasts 30 days; the table holds only its hash", async () => {
    const member = await createMember(database.db);
    const cookie = await signIn(member.phone);

    expect(cookie.attributes.has("httponly")).toBe(true);
    expect(cookie.attributes.get("samesite")?.toLowerCase()).toBe("lax");
    expect(cookie.attributes.get("path")).toBe("/");
    expect(cookie.attributes.has("domain")).toBe(false);
    expect(Number(cookie.attributes.get("max-age"))).toBe(signInRules.sessionMs / 1000);

    const token = cookieValue(cookie);
    expect(typeof token).toBe("string");
    const [row] = await sessionsOf(database.db, member.id);
    expect(row!.tokenHash).toBe(tokenHash(token as string));
    expect(row!.tokenHash).not.toContain(token as string);
    expect(await isSignedIn(base(), header(cookie))).toBe(true);
  });

  it("is __Host- and Secure in production mode", async () => {
    const context = { shopMode: "production" } as AppLoadContext;
    const expiresAt = new Date(Date.now() + signInRules.sessionMs);
    const headers = await sessionHeaders(context, { token: "token-123", expiresAt });
    const raw = headers.get("set-cookie")!;
    expect(raw).toMatch(/^__Host-gather_session=/);
    const attributes = raw.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["httponly", "secure", "samesite=lax", "path=/"]));
    expect(attributes.some((attribute) => attribute.startsWith("domain"))).toBe(false);

    const cookie = raw.split(";")[0]!;
    expect(
      await readSessionToken(new Request("https://shop.example/", { headers: { cookie } }), context),
    ).toBe("token-123");
    // The plain name (settable by a sibling subdomain or over http) is not read in production.
    const plain = cookie.replace("__Host-", "");
    expect(
      await readSessionToken(new Request("https://shop.example/", { headers: { cookie: plain } }), context),
    ).toBeNull();
  });
});

describe("sign-in and sign-out over HTTP", () => {
  it("logout deletes the session row, clears the cookie, and the old cookie no longer signs in", async () => {
    const member = await createMember(database.db);
    const cookie = await signIn(member.phone);
    expect(await sessionsOf(database.db, member.id)).toHaveLength(1);

    const response = await postForm(base(), "/logout", {}, { cookie: header(cookie) });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/");
    const cleared = setCookie(response, sessionCookieName);
    expect(cleared?.attributes.get("max-age")).toBe("0");

    expect(await sessionsOf(database.db, member.id)).toEqual([]);
    // A copy of the cookie kept by an attacker (or a back button) is worthless now.
    expect(await isSignedIn(base(), header(cookie))).toBe(false);
  });

  it("a second sign-in rotates the session: the previous token stops working", async () => {
    const member = await createMember(database.db);
    const first = await signIn(member.phone);
    // Codes to one number are 60 s apart; let the next one through at once.
    await database.db
      .update(verificationCodes)
      .set({ createdAt: sql`${verificationCodes.createdAt} - interval '2 minutes'` })
      .where(eq(verificationCodes.phone, member.phone));
    const second = await signIn(member.phone, { cookie: header(first) });

    expect(cookieValue(second)).not.toBe(cookieValue(first));
    expect(await isSignedIn(base(), header(first))).toBe(false);
    expect(await isSignedIn(base(), header(second))).toBe(true);
    expect(await sessionsOf(database.db, member.id)).toHaveLength(1);
  });

  it("two concurrent posts of one code sign in once", async () => {
    const member = await createMember(database.db);
    const ip = uniqueIp();
    const code = await requestLoginCode(base(), member.phone, ip);
    const responses = await Promise.all(
      [0, 1].map(() => submitLogin(base(), { phone: member.phone, code }, { "x-forwarded-for": ip })),
    );
    const signedIn = responses.filter((response) => setCookie(response, sessionCookieName)?.value);
    expect(signedIn).toHaveLength(1);
    expect(responses.map((response) => response.status).sort()).toEqual([302, 400]);
    expect(await sessionsOf(database.db, member.id)).toHaveLength(1);
  });

  it("a wrong code gets the spec's message and no session", async () => {
    const member = await createMember(database.db);
    const ip = uniqueIp();
    const code = await requestLoginCode(base(), member.phone, ip);
    const wrong = code === "000000" ? "111111" : "000000";
    const response = await submitLogin(
      base(),
      { phone: member.phone, code: wrong },
      { "x-forwarded-for": ip },
    );
    expect(response.status).toBe(400);
    expect(response.body).toContain(t("toast.wrongCode"));
    expect(setCookie(response, sessionCookieName)).toBeUndefined();
    expect(await sessionsOf(database.db, member.id)).toEqual([]);
  });

  it("an unknown number gets no SMS", async () => {
    const phone = "61234567";
    const response = await postForm(
      base(),
      "/login",
      { intent: "send-code", phone: "+852 6123 4567" },
      { "x-forwarded-for": uniqueIp() },
    );
    expect(response.status).toBe(400);
    expect(await devOutbox(base(), phone)).toEqual([]);
  });
});

describe("cross-site writes", () => {
  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["Origin: null", { origin: "null" }],
  ])("are refused with 403 for %s and change nothing", async (_label, headers) => {
    const member = await createMember(database.db);
    const cookie = await signIn(member.phone);

    const logout = await postForm(base(), "/logout", {}, { cookie: header(cookie), ...headers });
    expect(logout.status).toBe(403);
    expect(logout.body).toBe(t("error.crossSite"));
    expect(setCookie(logout, sessionCookieName)).toBeUndefined();
    expect(await sessionsOf(database.db, member.id)).toHaveLength(1);
    expect(await isSignedIn(base(), header(cookie))).toBe(true);

    const stranger = await createMember(database.db);
    const sendCode = await postForm(
      base(),
      "/login",
      { intent: "send-code", phone: stranger.phone },
      { "x-forwarded-for": uniqueIp(), ...headers },
    );
    expect(sendCode.status).toBe(403);
    expect(
      await database.db.select().from(outboxMessages).where(eq(outboxMessages.to, stranger.phone)),
    ).toEqual([]);
  });

  it("are accepted from the shop's own origin", async () => {
    const member = await createMember(database.db);
    const cookie = await signIn(member.phone, { origin: base(), "sec-fetch-site": "same-origin" });
    const logout = await postForm(
      base(),
      "/logout",
      {},
      { cookie: header(cookie), origin: base(), "sec-fetch-site": "same-origin" },
    );
    expect(logout.status).toBe(302);
    expect(await sessionsOf(database.db, member.id)).toEqual([]);
  });
});

describe("GET /dev/outbox", () => {
  it("returns { messages: [{ channel, to, body, createdAt }] } newest first, for any way of writing the number", async () => {
    const member = await createMember(database.db);
    await database.db.insert(outboxMessages).values([
      { channel: "sms", to: member.phone, body: "第一條", createdAt: new Date(Date.now() - 120_000) },
      { channel: "sms", to: member.phone, body: "第二條", createdAt: new Date(Date.now() - 60_000) },
    ]);
    const code = await requestLoginCode(base(), member.phone, uniqueIp());

    const response = await request(base(), `/dev/outbox?to=${encodeURIComponent(`+852 ${member.phone}`)}`);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const { messages } = JSON.parse(response.body) as { messages: Record<string, unknown>[] };
    expect(messages).toHaveLength(3);
    expect(messages[0]!.body).toContain(code);
    expect(messages.slice(1).map((message) => message.body)).toEqual(["第二條", "第一條"]);
    for (const message of messages) {
      expect(message).toMatchObject({ channel: "sms", to: member.phone });
      expect(typeof message.body).toBe("string");
      expect(new Date(message.createdAt as string).toISOString()).toBe(message.createdAt);
    }
  });

  it("asks for ?to= and shows nothing of other numbers", async () => {
    expect((await request(base(), "/dev/outbox")).status).toBe(400);
    expect(await devOutbox(base(), "51234567")).toEqual([]);
  });
});

describe("session lifetime", () => {
  it("an expired session row no longer signs in", async () => {
    const member = await createMember(database.db);
    const cookie = await signIn(member.phone);
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.memberId, member.id));
    expect(await isSignedIn(base(), header(cookie))).toBe(false);
  });
});
