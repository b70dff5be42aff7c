import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signInFailures, siteSettings } from "~/db/schema/index.ts";
import { signInRules as rules } from "~/domain/members/sign-in-rules.ts";
import {
  codeIn,
  createMember,
  recordingSms,
  servicesWithSms,
  sessionsOf,
  uniqueIp,
} from "../helpers/auth.ts";
import { devOutbox, postForm, setCookie, submitLogin } from "../helpers/auth-http.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { freePort, request } from "../helpers/net.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";

/**
 * Issue 44 item 3: a stranger cannot lock a member out. Failures, locks and codes belong to a
 * number and a client (the browser's device cookie, or its address without one); a guess with no
 * live code of its own counts against nobody. Time moves by `now`; the HTTP part sends real
 * concurrent posts to the shop served on this file's database.
 */

const database = setupTestDatabase();
const minute = 60_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-lockout-"));
let server: ServedShop | undefined;

beforeAll(async () => {
  await database.db.insert(siteSettings).values({}).onConflictDoNothing();
  server = await serveShop({
    NODE_ENV: "production",
    SHOP_MODE: "demo",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
    TRUST_PROXY: "loopback",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

function base(): string {
  if (!server) throw new Error("the server did not start");
  return server.url;
}

function setup() {
  const sms = recordingSms();
  return { sms, services: servicesWithSms(database.db, sms) };
}

function wrongCode(code: string): string {
  return code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
}

async function failuresOf(phone: string) {
  return database.db.select().from(signInFailures).where(eq(signInFailures.phone, phone));
}

describe("guesses without a code of their own", () => {
  it("count against nobody: 30 concurrent wrong codes leave the number free for its owner", async () => {
    const { sms, services } = setup();
    const member = await createMember(database.db);
    const attacker = { ip: uniqueIp(), device: "stranger-device-1" };
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        services.members.auth.verifyCode({
          phone: member.phone,
          purpose: "login",
          code: "000000",
          ...attacker,
        }),
      ),
    );
    expect(new Set(results.map((result) => result.status))).toEqual(new Set(["expired"]));
    expect(await failuresOf(member.phone)).toEqual([]);

    const owner = { ip: uniqueIp(), device: "owner-device-1" };
    expect(await services.members.auth.sendCode({ phone: member.phone, purpose: "login", ...owner })).toEqual(
      {
        status: "sent",
      },
    );
    const signedIn = await services.members.auth.signIn({
      phone: member.phone,
      code: sms.lastCode(member.phone),
      ...owner,
      userAgent: null,
      previousToken: null,
    });
    expect(signedIn.status).toBe("ok");
  });
});

describe("a stranger with codes of their own", () => {
  it("locks only their own client for 15 minutes; the owner asks for a code and signs in meanwhile", async () => {
    const { sms, services } = setup();
    const { phone } = await createMember(database.db);
    const start = new Date();
    const at = (offsetMs: number) => new Date(start.getTime() + offsetMs);
    const stranger = { ip: "198.51.100.7", device: "stranger-device-2" };
    const owner = { ip: "198.51.100.7", device: "owner-device-2" };

    // Two codes for the stranger, five concurrent wrong guesses at each: ten failures in a row.
    for (const round of [0, 1]) {
      const now = at(round * minute);
      expect(await services.members.auth.sendCode({ phone, purpose: "login", ...stranger, now })).toEqual({
        status: "sent",
      });
      const code = sms.lastCode(phone);
      const guesses = await Promise.all(
        Array.from({ length: rules.maxAttemptsPerCode }, () =>
          services.members.auth.verifyCode({
            phone,
            purpose: "login",
            code: wrongCode(code),
            ...stranger,
            now,
          }),
        ),
      );
      expect(guesses.filter((guess) => guess.status === "wrong").length).toBeGreaterThanOrEqual(4);
    }
    const locked = at(2 * minute);
    expect(
      await services.members.auth.verifyCode({
        phone,
        purpose: "login",
        code: "123456",
        ...stranger,
        now: locked,
      }),
    ).toMatchObject({ status: "locked" });
    expect(
      await services.members.auth.sendCode({ phone, purpose: "login", ...stranger, now: locked }),
    ).toMatchObject({
      status: "locked",
    });

    // The owner, behind the same address, is not touched by the stranger's lock.
    expect(await services.members.auth.sendCode({ phone, purpose: "login", ...owner, now: locked })).toEqual({
      status: "sent",
    });
    expect(
      await services.members.auth.verifyCode({
        phone,
        purpose: "login",
        code: sms.lastCode(phone),
        ...owner,
        now: locked,
      }),
    ).toEqual({ status: "ok" });

    // The stranger's lock runs out after 15 minutes, not before.
    const [row] = (await failuresOf(phone)).filter(
      (failure) => failure.client === "device:stranger-device-2",
    );
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(locked.getTime());
    expect(row!.lockedUntil!.getTime()).toBeLessThanOrEqual(at(minute + 1_000).getTime() + rules.lockMs);
    const later = new Date(row!.lockedUntil!.getTime());
    expect(
      await services.members.auth.sendCode({ phone, purpose: "login", ...stranger, now: later }),
    ).toEqual({
      status: "sent",
    });
  });

  it("neither replaces the owner's code nor makes the owner wait to ask again", async () => {
    const { sms, services } = setup();
    const { phone } = await createMember(database.db);
    const start = new Date();
    const owner = { ip: uniqueIp(), device: "owner-device-3" };
    await services.members.auth.sendCode({ phone, purpose: "login", ...owner, now: start });
    const ownersCode = sms.lastCode(phone);

    // Strangers on other clients ask for codes to the same number at the same instant.
    const strangers = await Promise.all(
      [1, 2, 3].map((n) =>
        services.members.auth.sendCode({
          phone,
          purpose: "login",
          ip: uniqueIp(),
          device: `stranger-3-${n}`,
          now: new Date(start.getTime() + 1_000),
        }),
      ),
    );
    expect(strangers.map((result) => result.status)).toEqual(["sent", "sent", "sent"]);
    expect(
      await services.members.auth.verifyCode({
        phone,
        purpose: "login",
        code: ownersCode,
        ...owner,
        now: new Date(start.getTime() + 2_000),
      }),
    ).toEqual({ status: "ok" });
    expect(
      await services.members.auth.sendCode({
        phone,
        purpose: "login",
        ...owner,
        now: new Date(start.getTime() + rules.resendAfterMs),
      }),
    ).toEqual({ status: "sent" });
  });

  it("the number-wide ceiling stops strangers' text bombing but not the owner's own device", async () => {
    const { sms, services } = setup();
    const { phone } = await createMember(database.db);
    const start = new Date();
    const owner = { ip: uniqueIp(), device: "owner-device-4" };
    await services.members.auth.sendCode({ phone, purpose: "login", ...owner, now: start });
    expect(
      await services.members.auth.verifyCode({
        phone,
        purpose: "login",
        code: sms.lastCode(phone),
        ...owner,
        now: start,
      }),
    ).toEqual({ status: "ok" });

    const strangerSends = await Promise.all(
      Array.from({ length: rules.maxCodesPerPhoneAllClientsPerHour + 3 }, (_, n) =>
        services.members.auth.sendCode({
          phone,
          purpose: "login",
          ip: uniqueIp(),
          device: `stranger-4-${n}`,
          now: new Date(start.getTime() + 1_000),
        }),
      ),
    );
    // The owner's code counts too: strangers get what is left of the hour's ceiling, no more.
    expect(strangerSends.filter((result) => result.status === "sent")).toHaveLength(
      rules.maxCodesPerPhoneAllClientsPerHour - 1,
    );
    expect(strangerSends.filter((result) => result.status === "rate_limited")).toHaveLength(4);
    expect(
      await services.members.auth.sendCode({
        phone,
        purpose: "login",
        ...owner,
        now: new Date(start.getTime() + rules.resendAfterMs + 1_000),
      }),
    ).toEqual({ status: "sent" });
  });
});

/** A browser: the device cookie /login gives it, sent back with each post. */
async function browser(): Promise<string> {
  const page = await request(base(), "/login");
  expect(page.status).toBe(200);
  const device = setCookie(page, "gather_device");
  if (!device) throw new Error("GET /login gave no device cookie");
  return `${device.name}=${device.value}`;
}

describe("over HTTP, from one shared address", () => {
  it("ten and more concurrent wrong posts for a number lock nobody; the owner then signs in", async () => {
    const member = await createMember(database.db);
    const address = "203.0.113.44";
    const attacks = await Promise.all(
      Array.from({ length: 15 }, () =>
        submitLogin(base(), { phone: member.phone, code: "000000" }, { "x-forwarded-for": address }),
      ),
    );
    expect(attacks.map((response) => response.status)).toEqual(Array(15).fill(400));
    expect(await failuresOf(member.phone)).toEqual([]);

    const cookie = await browser();
    const headers = { "x-forwarded-for": address, cookie };
    const sent = await postForm(base(), "/login", { intent: "send-code", phone: member.phone }, headers);
    expect(sent.status, sent.body.slice(0, 300)).toBe(200);
    const [message] = await devOutbox(base(), member.phone);
    const response = await submitLogin(base(), { phone: member.phone, code: codeIn(message!.body) }, headers);
    expect(response.status, response.body.slice(0, 300)).toBe(302);
    expect(await sessionsOf(database.db, member.id)).toHaveLength(1);
  });

  it("a stranger who locks their own browser leaves the owner's browser on the same address free", async () => {
    const member = await createMember(database.db);
    const address = "203.0.113.45";
    const stranger = { "x-forwarded-for": address, cookie: await browser() };
    const owner = { "x-forwarded-for": address, cookie: await browser() };

    // The stranger asks for a code and guesses against it concurrently, twice over: ten failures.
    for (let round = 0; round < 2; round++) {
      await database.pool.query(
        "update verification_codes set created_at = created_at - interval '2 minutes' where phone = $1",
        [member.phone],
      );
      const sent = await postForm(base(), "/login", { intent: "send-code", phone: member.phone }, stranger);
      expect(sent.status, sent.body.slice(0, 300)).toBe(200);
      const guesses = await Promise.all(
        Array.from({ length: rules.maxAttemptsPerCode }, () =>
          submitLogin(base(), { phone: member.phone, code: "000000" }, stranger),
        ),
      );
      expect(guesses.map((response) => response.status)).toEqual(Array(rules.maxAttemptsPerCode).fill(400));
    }
    const [strangerRow] = await failuresOf(member.phone);
    // Unless one of the guesses was right (one in 100,000 here), the stranger's browser is locked.
    expect(strangerRow?.lockedUntil).not.toBeNull();
    const lockedOut = await postForm(
      base(),
      "/login",
      { intent: "send-code", phone: member.phone },
      stranger,
    );
    expect(lockedOut.status).toBe(400);

    const sent = await postForm(base(), "/login", { intent: "send-code", phone: member.phone }, owner);
    expect(sent.status, sent.body.slice(0, 300)).toBe(200);
    const [message] = await devOutbox(base(), member.phone);
    const response = await submitLogin(base(), { phone: member.phone, code: codeIn(message!.body) }, owner);
    expect(response.status, response.body.slice(0, 300)).toBe(302);
  });
});
