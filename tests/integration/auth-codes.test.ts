import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxMessages, sessions, signInFailures, verificationCodes } from "~/db/schema/index.ts";
import { signInRules as rules } from "~/domain/members/sign-in-rules.ts";
import {
  codeIn,
  createMember,
  memberByPhone,
  recordingSms,
  servicesWithSms,
  sessionsOf,
  uniqueIp,
  uniquePhone,
} from "../helpers/auth.ts";
import { setupTestDatabase } from "../helpers/database.ts";

/** One browser for the whole file: numbers differ per test, so its limits never meet. */
const DEVICE = "integration-test-device";

/**
 * DESIGN §4.14 code rules against PostgreSQL. Time moves by passing `now`; nothing sleeps. Each
 * test uses its own numbers and client addresses so the per-number and per-IP limits stay apart.
 */

const database = setupTestDatabase();
const minute = 60_000;

/** The members' services, their SMS kept in memory so a test reads the code without the outbox. */
function withRecorder() {
  const sms = recordingSms();
  return { sms, services: servicesWithSms(database.db, sms).members };
}

async function codesFor(phone: string) {
  return database.db.select().from(verificationCodes).where(eq(verificationCodes.phone, phone));
}

async function outboxFor(phone: string) {
  return database.db.select().from(outboxMessages).where(eq(outboxMessages.to, phone));
}

/** A code that is surely wrong: the real one with its last digit changed. */
function wrongCode(code: string): string {
  return code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
}

describe("sending a code", () => {
  it("sends 6 digits through the outbox and stores only a keyed hash of them", async () => {
    const member = await createMember(database.db);
    const result = await database.services.members.auth.sendCode({
      phone: member.phone,
      purpose: "login",
      ip: uniqueIp(),
      device: DEVICE,
    });
    expect(result).toEqual({ status: "sent" });

    const [message, ...others] = await database.services.messages.outbox.list(member.phone);
    expect(others).toEqual([]);
    expect(message).toMatchObject({ channel: "sms", to: member.phone });
    const code = codeIn(message!.body);
    expect(code).toMatch(/^\d{6}$/);

    const columns = await database.db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'verification_codes'`,
    );
    expect(columns.rows.map((row) => row.column_name).sort()).toEqual(
      [
        "attempts",
        "client",
        "code_hash",
        "consumed_at",
        "created_at",
        "expires_at",
        "id",
        "ip",
        "phone",
        "purpose",
      ].sort(),
    );
    const [row, ...more] = await codesFor(member.phone);
    expect(more).toEqual([]);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    // A plain hash of a 6-digit code is reversed by trying all million codes; the hash must be keyed.
    const sha = (text: string) => createHash("sha256").update(text).digest("hex");
    expect(row!.codeHash).not.toBe(sha(code));
    expect(row!.codeHash).not.toBe(sha(`login:${member.phone}:${code}`));

    // The stored code is the one in the SMS.
    expect(
      await database.services.members.auth.verifyCode({
        phone: member.phone,
        purpose: "login",
        code,
        device: DEVICE,
      }),
    ).toEqual({
      status: "ok",
    });
  });

  it("draws a fresh random code each time", async () => {
    const { sms, services } = withRecorder();
    const codes = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const phone = uniquePhone();
      await services.auth.sendCode({ phone, purpose: "register", ip: uniqueIp(), device: DEVICE });
      codes.add(sms.lastCode(phone));
    }
    // Eight equal codes out of a million possible would mean they are not random.
    expect(codes.size).toBeGreaterThan(1);
  });

  it("sends nothing to an unknown number on login (unknown_member)", async () => {
    const phone = uniquePhone();
    const result = await database.services.members.auth.sendCode({
      phone,
      purpose: "login",
      ip: uniqueIp(),
      device: DEVICE,
    });
    expect(result).toEqual({ status: "unknown_member" });
    expect(await outboxFor(phone)).toEqual([]);
    expect(await codesFor(phone)).toEqual([]);
  });

  it("sends nothing when registering a known number (have_user)", async () => {
    const member = await createMember(database.db);
    const result = await database.services.members.auth.sendCode({
      phone: member.phone,
      purpose: "register",
      ip: uniqueIp(),
      device: DEVICE,
    });
    expect(result).toEqual({ status: "have_user" });
    expect(await outboxFor(member.phone)).toEqual([]);
    expect(await codesFor(member.phone)).toEqual([]);
  });
});

describe("resend limits", () => {
  it("allows a new code to the same number only after 60 seconds", async () => {
    const { sms, services } = withRecorder();
    const phone = uniquePhone();
    const ip = uniqueIp();
    const start = new Date();
    const send = (offsetMs: number) =>
      services.auth.sendCode({
        phone,
        purpose: "register",
        ip,
        now: new Date(start.getTime() + offsetMs),
      });

    expect(await send(0)).toEqual({ status: "sent" });
    expect(await send(rules.resendAfterMs - 1_000)).toEqual({ status: "too_soon", retryAfterMs: 1_000 });
    expect(await send(rules.resendAfterMs - 1)).toMatchObject({ status: "too_soon" });
    expect(sms.sent).toHaveLength(1);
    expect(await send(rules.resendAfterMs)).toEqual({ status: "sent" });
    expect(sms.sent).toHaveLength(2);
  });

  it("sends at most 5 codes per number per hour", async () => {
    const { sms, services } = withRecorder();
    const phone = uniquePhone();
    const start = new Date();
    // A different client address each time: only the per-number limit is in play.
    const send = (offsetMs: number) =>
      services.auth.sendCode({
        phone,
        purpose: "register",
        ip: uniqueIp(),
        device: DEVICE,
        now: new Date(start.getTime() + offsetMs),
      });

    for (let i = 0; i < rules.maxCodesPerPhonePerHour; i++) {
      expect(await send(i * rules.resendAfterMs)).toEqual({ status: "sent" });
    }
    expect(await send(rules.maxCodesPerPhonePerHour * rules.resendAfterMs)).toEqual({
      status: "rate_limited",
    });
    expect(await send(59 * minute)).toEqual({ status: "rate_limited" });
    expect(sms.sent).toHaveLength(rules.maxCodesPerPhonePerHour);
    // An hour after the first code, one slot is free again.
    expect(await send(60 * minute + 1)).toEqual({ status: "sent" });
  });

  it("asks for a challenge past the codes per client address per hour, other addresses unaffected", async () => {
    const { sms, services } = withRecorder();
    const ip = uniqueIp();
    const now = new Date();
    for (let i = 0; i < rules.maxCodesPerIpPerHour; i++) {
      expect(await services.auth.sendCode({ phone: uniquePhone(), purpose: "register", ip, now })).toEqual({
        status: "sent",
      });
    }
    const phone = uniquePhone();
    expect(await services.auth.sendCode({ phone, purpose: "register", ip, now })).toMatchObject({
      status: "challenge_required",
    });
    expect(sms.sent.filter((message) => message.to === phone)).toEqual([]);
    expect(await services.auth.sendCode({ phone, purpose: "register", ip: uniqueIp(), now })).toEqual({
      status: "sent",
    });
    expect(
      await services.auth.sendCode({
        phone: uniquePhone(),
        purpose: "register",
        ip,
        now: new Date(now.getTime() + 60 * minute + 1),
      }),
    ).toEqual({ status: "sent" });
  });
});

describe("verifying a code", () => {
  it("accepts a code for 5 minutes and not a moment longer", async () => {
    const { sms, services } = withRecorder();
    const start = new Date();
    const at = (offsetMs: number) => new Date(start.getTime() + offsetMs);

    const early = await createMember(database.db);
    await services.auth.sendCode({
      phone: early.phone,
      purpose: "login",
      ip: uniqueIp(),
      device: DEVICE,
      now: start,
    });
    expect(
      await services.auth.verifyCode({
        phone: early.phone,
        purpose: "login",
        code: sms.lastCode(early.phone),
        now: at(rules.codeTtlMs - 1),
        device: DEVICE,
      }),
    ).toEqual({ status: "ok" });

    const late = await createMember(database.db);
    await services.auth.sendCode({
      phone: late.phone,
      purpose: "login",
      ip: uniqueIp(),
      device: DEVICE,
      now: start,
    });
    expect(
      await services.auth.verifyCode({
        phone: late.phone,
        purpose: "login",
        code: sms.lastCode(late.phone),
        now: at(rules.codeTtlMs),
        device: DEVICE,
      }),
    ).toEqual({ status: "expired" });
  });

  it("refuses an expired code at sign-in and creates no session", async () => {
    const { sms, services } = withRecorder();
    const member = await createMember(database.db);
    await services.auth.sendCode({
      phone: member.phone,
      purpose: "login",
      ip: uniqueIp(),
      device: DEVICE,
      now: new Date(Date.now() - rules.codeTtlMs - 1_000),
    });
    const result = await services.auth.signIn({
      phone: member.phone,
      code: sms.lastCode(member.phone),
      ip: null,
      userAgent: null,
      previousToken: null,
      device: DEVICE,
    });
    expect(result).toEqual({ status: "expired" });
    expect(await sessionsOf(database.db, member.id)).toEqual([]);
  });

  it("accepts a code once", async () => {
    const { sms, services } = withRecorder();
    const member = await createMember(database.db);
    await services.auth.sendCode({ phone: member.phone, purpose: "login", ip: uniqueIp(), device: DEVICE });
    const signIn = () =>
      services.auth.signIn({
        phone: member.phone,
        code: sms.lastCode(member.phone),
        ip: null,
        userAgent: null,
        previousToken: null,
        device: DEVICE,
      });
    expect(await signIn()).toMatchObject({ status: "ok" });
    expect(await signIn()).toEqual({ status: "expired" });
    expect(await sessionsOf(database.db, member.id)).toHaveLength(1);
  });

  it("gives exactly one session when one code is verified twice at the same instant", async () => {
    const { sms, services } = withRecorder();
    // Several rounds: a race that slips through now and then is still a race.
    for (let round = 0; round < 5; round++) {
      const member = await createMember(database.db);
      await services.auth.sendCode({ phone: member.phone, purpose: "login", ip: uniqueIp(), device: DEVICE });
      const code = sms.lastCode(member.phone);
      const attempt = () =>
        services.auth.signIn({
          phone: member.phone,
          code,
          ip: null,
          userAgent: null,
          previousToken: null,
          device: DEVICE,
        });
      const results = await Promise.all([attempt(), attempt()]);

      expect(results.filter((result) => result.status === "ok")).toHaveLength(1);
      expect(await sessionsOf(database.db, member.id)).toHaveLength(1);
    }
  });

  it("allows at most 5 wrong tries per code: after them even the right code fails", async () => {
    const { sms, services } = withRecorder();
    const member = await createMember(database.db);
    await services.auth.sendCode({ phone: member.phone, purpose: "login", ip: uniqueIp(), device: DEVICE });
    const code = sms.lastCode(member.phone);
    const signIn = (attempt: string) =>
      services.auth.signIn({
        phone: member.phone,
        code: attempt,
        ip: null,
        userAgent: null,
        previousToken: null,
        device: DEVICE,
      });

    for (let i = 0; i < rules.maxAttemptsPerCode; i++) {
      expect(await signIn(wrongCode(code))).toEqual({ status: "wrong" });
    }
    expect((await signIn(code)).status).not.toBe("ok");
    expect(await sessionsOf(database.db, member.id)).toEqual([]);
  });

  it("still accepts the right code on the fifth try", async () => {
    const { sms, services } = withRecorder();
    const member = await createMember(database.db);
    await services.auth.sendCode({ phone: member.phone, purpose: "login", ip: uniqueIp(), device: DEVICE });
    const code = sms.lastCode(member.phone);
    for (let i = 0; i < rules.maxAttemptsPerCode - 1; i++) {
      expect(
        await services.auth.verifyCode({
          phone: member.phone,
          purpose: "login",
          code: wrongCode(code),
          device: DEVICE,
        }),
      ).toEqual({ status: "wrong" });
    }
    expect(
      await services.auth.verifyCode({ phone: member.phone, purpose: "login", code, device: DEVICE }),
    ).toEqual({
      status: "ok",
    });
  });

  it("accepts only the newest code once a new one is sent", async () => {
    const { sms, services } = withRecorder();
    const member = await createMember(database.db);
    const start = new Date();
    await services.auth.sendCode({
      phone: member.phone,
      purpose: "login",
      ip: uniqueIp(),
      device: DEVICE,
      now: start,
    });
    const first = sms.lastCode(member.phone);
    const later = new Date(start.getTime() + rules.resendAfterMs);
    await services.auth.sendCode({
      phone: member.phone,
      purpose: "login",
      ip: uniqueIp(),
      device: DEVICE,
      now: later,
    });
    const second = sms.lastCode(member.phone);
    if (first !== second) {
      expect(
        await services.auth.verifyCode({
          phone: member.phone,
          purpose: "login",
          code: first,
          now: later,
          device: DEVICE,
        }),
      ).toEqual({ status: "wrong" });
    }
    expect(
      await services.auth.verifyCode({
        phone: member.phone,
        purpose: "login",
        code: second,
        now: later,
        device: DEVICE,
      }),
    ).toEqual({ status: "ok" });
  });

  it("does not accept a registration code for sign-in", async () => {
    const { sms, services } = withRecorder();
    const phone = uniquePhone();
    await services.auth.sendCode({ phone, purpose: "register", ip: uniqueIp(), device: DEVICE });
    await createMember(database.db, { phone });
    expect(
      await services.auth.verifyCode({ phone, purpose: "login", code: sms.lastCode(phone), device: DEVICE }),
    ).toEqual({
      status: "expired",
    });
  });
});

describe("locking a number after 10 failures in a row", () => {
  it("locks for 15 minutes after 10 failures, counting across a resent code", async () => {
    const { sms, services } = withRecorder();
    const member = await createMember(database.db);
    const phone = member.phone;
    const start = new Date();
    const at = (offsetMs: number) => new Date(start.getTime() + offsetMs);
    const verify = (code: string, now: Date) =>
      services.auth.verifyCode({ phone, purpose: "login", code, now, device: DEVICE });

    await services.auth.sendCode({ phone, purpose: "login", ip: uniqueIp(), device: DEVICE, now: at(0) });
    const first = sms.lastCode(phone);
    for (let i = 0; i < 5; i++)
      expect(await verify(wrongCode(first), at(1_000))).toEqual({ status: "wrong" });

    // Resending gives a fresh code (5 new tries) but keeps the 5 failures on the number.
    expect(
      await services.auth.sendCode({
        phone,
        purpose: "login",
        ip: uniqueIp(),
        device: DEVICE,
        now: at(minute),
      }),
    ).toEqual({
      status: "sent",
    });
    const second = sms.lastCode(phone);
    for (let i = 0; i < 4; i++)
      expect(await verify(wrongCode(second), at(minute + 1_000))).toEqual({ status: "wrong" });
    const [beforeLock] = await database.db
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.phone, phone));
    expect(beforeLock).toMatchObject({ consecutiveFailures: 9, lockedUntil: null });

    const tenth = at(minute + 2_000);
    await verify(wrongCode(second), tenth);
    const lockedUntil = new Date(tenth.getTime() + rules.lockMs);

    // Locked: even the right code fails, and no new code is sent.
    expect(await verify(second, at(minute + 3_000))).toEqual({ status: "locked", until: lockedUntil });
    const sentBefore = sms.sent.length;
    expect(
      await services.auth.sendCode({
        phone,
        purpose: "login",
        ip: uniqueIp(),
        device: DEVICE,
        now: at(3 * minute),
      }),
    ).toEqual({ status: "locked", until: lockedUntil });
    expect(
      await services.auth.sendCode({
        phone,
        purpose: "login",
        ip: uniqueIp(),
        device: DEVICE,
        now: new Date(lockedUntil.getTime() - 1),
      }),
    ).toMatchObject({ status: "locked" });
    expect(sms.sent).toHaveLength(sentBefore);

    // After 15 minutes the number works again.
    expect(
      await services.auth.sendCode({
        phone,
        purpose: "login",
        ip: uniqueIp(),
        device: DEVICE,
        now: lockedUntil,
      }),
    ).toEqual({ status: "sent" });
    expect(await verify(sms.lastCode(phone), lockedUntil)).toEqual({ status: "ok" });
  });

  it("gives a fresh count of 10 tries once a lock has run out", async () => {
    const { sms, services } = withRecorder();
    const { phone } = await createMember(database.db);
    const start = new Date();
    const at = (offsetMs: number) => new Date(start.getTime() + offsetMs);
    const verify = (code: string, now: Date) =>
      services.auth.verifyCode({ phone, purpose: "login", code, now, device: DEVICE });

    // Two codes of this device's own, five wrong tries each: the tenth locks it.
    for (const round of [0, 1]) {
      await services.auth.sendCode({ phone, purpose: "login", device: DEVICE, now: at(round * minute) });
      const code = sms.lastCode(phone);
      for (let i = 0; i < rules.maxAttemptsPerCode; i++)
        await verify(wrongCode(code), at(round * minute + i));
    }
    expect(await verify("000000", at(2 * minute))).toMatchObject({ status: "locked" });

    // One slip after the lock must not lock the number for another 15 minutes.
    const after = at(rules.lockMs + 2 * minute);
    await services.auth.sendCode({ phone, purpose: "login", ip: uniqueIp(), device: DEVICE, now: after });
    const code = sms.lastCode(phone);
    expect(await verify(wrongCode(code), after)).toEqual({ status: "wrong" });
    expect(await verify(code, after)).toEqual({ status: "ok" });
  });

  it("clears the failure count on a successful sign-in", async () => {
    const { sms, services } = withRecorder();
    const member = await createMember(database.db);
    await services.auth.sendCode({ phone: member.phone, purpose: "login", ip: uniqueIp(), device: DEVICE });
    const code = sms.lastCode(member.phone);
    for (let i = 0; i < 3; i++) {
      await services.auth.verifyCode({
        phone: member.phone,
        purpose: "login",
        code: wrongCode(code),
        device: DEVICE,
      });
    }
    expect(
      await services.auth.verifyCode({ phone: member.phone, purpose: "login", code, device: DEVICE }),
    ).toEqual({
      status: "ok",
    });
    const [lock] = await database.db
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.phone, member.phone));
    expect(lock?.consecutiveFailures).toBe(0);
  });
});

describe("sign-in bookkeeping", () => {
  it("stamps lastLogin and stores a session that expires in 30 days", async () => {
    const { sms, services } = withRecorder();
    const member = await createMember(database.db, { lastLogin: null });
    await services.auth.sendCode({ phone: member.phone, purpose: "login", ip: uniqueIp(), device: DEVICE });
    const before = Date.now();
    const result = await services.auth.signIn({
      phone: member.phone,
      code: sms.lastCode(member.phone),
      ip: "203.0.113.9",
      userAgent: "integration-test",
      previousToken: null,
      device: DEVICE,
    });
    expect(result.status).toBe("ok");
    const signedIn = await memberByPhone(database.db, member.phone);
    expect(signedIn!.lastLogin!.getTime()).toBeGreaterThanOrEqual(before - 1_000);

    const [session] = await sessionsOf(database.db, member.id);
    expect(session).toMatchObject({ ip: "203.0.113.9", userAgent: "integration-test" });
    expect(session!.tokenHash).not.toBe(result.session!.token);
    expect(session!.tokenHash).not.toContain(result.session!.token);
    expect(Buffer.from(result.session!.token, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(session!.expiresAt.getTime() - before).toBeGreaterThan(rules.sessionMs - 60_000);
    expect(session!.expiresAt.getTime() - before).toBeLessThan(rules.sessionMs + 60_000);

    expect(await services.auth.memberForSession(result.session!.token)).toMatchObject({ id: member.id });
    // Past its expiry the session no longer signs anyone in.
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.tokenHash, session!.tokenHash));
    expect(await services.auth.memberForSession(result.session!.token)).toBeNull();
  });
});
