import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect, NestedConnectionError } from "~/db/client.server.ts";
import { siteSettings, verificationCodes } from "~/db/schema/index.ts";
import { signInRules as rules } from "~/domain/members/sign-in-rules.ts";
import {
  codeIn,
  createMember,
  recordingSms,
  servicesWithSms,
  uniqueIp,
  uniquePhone,
} from "../helpers/auth.ts";
import { postForm, requestLoginCode, submitLogin } from "../helpers/auth-http.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { freePort, request } from "../helpers/net.ts";
import { type RunningServer, startServer } from "../helpers/server.ts";

/** One browser for the whole file: numbers differ per test, so its limits never meet. */
const DEVICE = "integration-test-device";

/**
 * Issue 26, item 1: no code path holds one pool connection while it waits for another, so a burst
 * of wrong sign-in codes (each once checked inside a transaction while its failure was recorded on
 * a second connection) can no longer stall the shop; and the tries per code hold under concurrency.
 */

const database = setupTestDatabase();

describe("the pool", () => {
  it("refuses a second connection to code holding a transaction's, at once instead of a deadlock", async () => {
    const pool = connect(database.url, undefined, 2);
    try {
      const inside = pool.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        return pool.db.execute(sql`select 2`);
      });
      // drizzle reports the failed query with the pool's refusal as its cause.
      await expect(inside).rejects.toMatchObject({ cause: expect.any(NestedConnectionError) });
      const nested = pool.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        return pool.db.transaction((inner) => inner.execute(sql`select 2`));
      });
      await expect(nested).rejects.toBeInstanceOf(NestedConnectionError);

      // Savepoints on the same connection, and work left running after the commit, are fine.
      let committed = () => {};
      const gate = new Promise<void>((resolve) => {
        committed = resolve;
      });
      let later: Promise<unknown> | undefined;
      const answer = await pool.db.transaction(async (tx) => {
        const inner = await tx.transaction((savepoint) => savepoint.execute(sql`select 3 as n`));
        later = gate.then(() => pool.db.execute(sql`select 4`));
        return inner.rows[0];
      });
      committed();
      expect(answer).toEqual({ n: 3 });
      await expect(later).resolves.toBeDefined();
      // Ten transactions on a two-connection pool still all finish.
      const many = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          pool.db.transaction((tx) => tx.execute(sql`select ${i}::int as i`)),
        ),
      );
      expect(many.map((result) => result.rows[0])).toEqual(Array.from({ length: 10 }, (_, i) => ({ i })));
    } finally {
      await pool.close();
    }
  });

  it("sets the statement and idle-in-transaction timeouts on every app connection", async () => {
    const result = await database.db.execute<{ statement: string; idle: string }>(
      sql`select current_setting('statement_timeout') as statement,
        current_setting('idle_in_transaction_session_timeout') as idle`,
    );
    expect(result.rows[0]).toEqual({ statement: "30s", idle: "15s" });
  });
});

describe("tries per code under concurrency", () => {
  it(`compares at most ${rules.maxAttemptsPerCode} guesses of one code, however many arrive at once`, async () => {
    const sms = recordingSms();
    const services = servicesWithSms(database.db, sms);
    const member = await createMember(database.db);
    await services.members.auth.sendCode({
      phone: member.phone,
      purpose: "login",
      ip: uniqueIp(),
      device: DEVICE,
    });
    const code = codeIn(sms.sent.at(-1)!.body);
    const wrong = code === "000000" ? "111111" : "000000";
    const guesses = await Promise.all(
      // Eight at once, as the issue saw 6 of 8 compared; fewer than the 10 failures that lock the number.
      Array.from({ length: 8 }, () =>
        services.members.auth.verifyCode({
          phone: member.phone,
          purpose: "login",
          code: wrong,
          device: DEVICE,
        }),
      ),
    );
    expect(guesses.filter((guess) => guess.status === "wrong")).toHaveLength(rules.maxAttemptsPerCode);
    const [row] = await database.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(eq(verificationCodes.phone, member.phone));
    expect(row!.attempts).toBe(rules.maxAttemptsPerCode);
    // The right code after the tries are used up is refused too.
    expect(
      await services.members.auth.verifyCode({ phone: member.phone, purpose: "login", code, device: DEVICE }),
    ).toEqual({
      status: "expired",
    });
  });

  it("lets exactly one of several simultaneous right codes sign in", async () => {
    const sms = recordingSms();
    const services = servicesWithSms(database.db, sms);
    const member = await createMember(database.db);
    await services.members.auth.sendCode({
      phone: member.phone,
      purpose: "login",
      ip: uniqueIp(),
      device: DEVICE,
    });
    const code = codeIn(sms.sent.at(-1)!.body);
    const tries = await Promise.all(
      Array.from({ length: 4 }, () =>
        services.members.auth.signIn({
          phone: member.phone,
          code,
          ip: null,
          userAgent: null,
          previousToken: null,
          device: DEVICE,
        }),
      ),
    );
    expect(tries.filter((attempt) => attempt.status === "ok")).toHaveLength(1);
  });
});

describe("a burst of wrong codes over HTTP", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-burst-"));
  let server: RunningServer | undefined;

  beforeAll(async () => {
    await database.db.insert(siteSettings).values({}).onConflictDoNothing();
    server = await startServer({
      NODE_ENV: "production",
      SHOP_MODE: "demo",
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      GATHER_BUILD_DIR: inject("buildDir"),
      LOG_LEVEL: "warn",
      TRUST_PROXY: "loopback",
    });
  });

  afterAll(async () => {
    await server?.stop("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("50 simultaneous wrong codes to /login and /register leave the shop answering and sign-in working", async () => {
    const base = server!.url;
    const members = await Promise.all(Array.from({ length: 5 }, () => createMember(database.db)));
    const ip = uniqueIp();
    for (const member of members) await requestLoginCode(base, member.phone, uniqueIp());
    const registering = uniquePhone();
    const sent = await postForm(
      base,
      "/register",
      { intent: "send-code", phone: registering },
      { "x-forwarded-for": ip },
    );
    expect(sent.status).toBe(200);

    const burst = Array.from({ length: 50 }, (_, i) =>
      i % 5 === 4
        ? postForm(
            base,
            "/register",
            {
              intent: "register",
              phone: registering,
              code: "000000",
              firstName: "大文",
              lastName: "陳",
              email: "",
            },
            { "x-forwarded-for": uniqueIp() },
          )
        : submitLogin(
            base,
            { phone: members[i % 5]!.phone, code: "000000" },
            { "x-forwarded-for": uniqueIp() },
          ),
    );
    const answers = await Promise.all(burst);
    for (const answer of answers) expect(answer.status, answer.body.slice(0, 200)).toBeLessThan(500);

    const started = performance.now();
    const health = await request(base, "/healthz");
    expect(health.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);

    const fresh = await createMember(database.db);
    const freshIp = uniqueIp();
    const code = await requestLoginCode(base, fresh.phone, freshIp);
    const signedIn = await submitLogin(base, { phone: fresh.phone, code }, { "x-forwarded-for": freshIp });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.location).toBe("/account");
  });

  it("never sends a signed-in member off the shop, through the sign-in form or the page", async () => {
    const base = server!.url;
    const member = await createMember(database.db);
    const bypasses = [
      "/\\evil.example/x",
      "/\tevil.example",
      "/\t/evil.example",
      "/.//evil.example",
      "/\r\n/evil.example",
    ];
    let cookie = "";
    for (const [index, redirectTo] of bypasses.entries()) {
      const ip = uniqueIp();
      const code = await requestLoginCode(base, member.phone, ip);
      const response = await postForm(
        base,
        "/login",
        { intent: "login", phone: member.phone, code, redirectTo },
        { "x-forwarded-for": ip },
      );
      expect(response.status, `${index}: ${response.body.slice(0, 200)}`).toBe(302);
      const landed = new URL(response.headers.location!, "https://gather.example");
      expect(landed.origin, redirectTo).toBe("https://gather.example");
      cookie = response.headers["set-cookie"]![0]!.split(";")[0]!;
      // The code's resend interval: the next code for this number is sent a minute later.
      await database.db.delete(verificationCodes).where(eq(verificationCodes.phone, member.phone));
    }
    for (const redirectTo of bypasses) {
      const response = await request(base, `/login?redirectTo=${encodeURIComponent(redirectTo)}`, {
        headers: { cookie },
      });
      expect(response.status).toBe(302);
      expect(new URL(response.headers.location!, "https://gather.example").origin).toBe(
        "https://gather.example",
      );
    }
  });
});

describe("stopping with a request stuck on the database", () => {
  it("exits once the shutdown timeout and its grace have passed, instead of hanging", {
    timeout: 60_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-stuck-"));
    const server = await startServer({
      NODE_ENV: "production",
      SHOP_MODE: "demo",
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      GATHER_BUILD_DIR: inject("buildDir"),
      GATHER_TEST_HOOKS: "1",
      SHUTDOWN_TIMEOUT_MS: "1000",
      LOG_LEVEL: "warn",
    });
    try {
      const stuck = request(server.url, "/__test/slow?ms=20000").catch((error: unknown) => error);
      await expect
        .poll(async () => {
          const result = await database.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'select pg_sleep%' and state = 'active'`,
          );
          return result.rows[0]!.n;
        })
        .toBeGreaterThan(0);
      const asked = performance.now();
      server.child.kill("SIGTERM");
      const exit = await server.exited;
      const took = performance.now() - asked;
      expect(exit).toEqual({ code: 1, signal: null });
      // 1 s of timeout and 5 s of grace, far short of the 20 s the request would take.
      expect(took).toBeLessThan(15_000);
      expect(server.output()).toContain("shutdown did not finish in time");
      await stuck;
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
