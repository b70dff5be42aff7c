import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxMessages, smsCounters, spentChallenges } from "~/db/schema/index.ts";
import { signInRules as rules } from "~/domain/members/sign-in-rules.ts";
import { networkAllowance } from "~/domain/members/sms-budget.ts";
import type { SendCodeResult } from "~/services/members/auth.server.ts";
import { todayStart } from "~/services/members/sms-budget.server.ts";
import { createMember, recordingSms, servicesWithSms, sessionsOf, uniquePhone } from "../helpers/auth.ts";
import { solve } from "../helpers/challenge.ts";
import { setupTestDatabase } from "../helpers/database.ts";

/**
 * Issue 44 item 4: no one party can spend the shop's SMS budget. Each test runs on a Hong Kong day
 * of its own (an injected `now`, days ahead), so the day's counters are its own; sends run
 * concurrently against PostgreSQL.
 */

const database = setupTestDatabase();
const dayMs = 86_400_000;
let days = 0;

/** Noon, Hong Kong time, on a day no other test uses. */
function freshDay(): Date {
  days += 1;
  return new Date(todayStart(new Date(Date.now() + days * 3 * dayMs)).getTime() + 4 * 3_600_000);
}

function setup() {
  const sms = recordingSms();
  return { sms, services: servicesWithSms(database.db, sms) };
}

/** Sets the day's count of codes of `purpose`, as if that many had gone out earlier that day. */
async function usedAlready(purpose: "login" | "register", sent: number, now: Date) {
  await database.db
    .insert(smsCounters)
    .values({ scope: `day:${purpose}`, key: "shop", windowStart: todayStart(now), sent })
    .onConflictDoUpdate({
      target: [smsCounters.scope, smsCounters.key, smsCounters.windowStart],
      set: { sent },
    });
}

async function dayCount(purpose: "login" | "register", now: Date): Promise<number> {
  const [row] = await database.db
    .select()
    .from(smsCounters)
    .where(and(eq(smsCounters.scope, `day:${purpose}`), eq(smsCounters.windowStart, todayStart(now))));
  return row?.sent ?? 0;
}

const statuses = (results: SendCodeResult[]) => results.map((result) => result.status);
const soft = rules.maxCodesPerDay.register * rules.challengeFromShare;

describe("the day's budget", () => {
  it("is counted atomically: concurrent sends without a challenge stop exactly at the soft limit", async () => {
    const { sms, services } = setup();
    const now = freshDay();
    await usedAlready("register", soft - 3, now);
    // Twelve senders on twelve networks at once, none past any per-address or per-network limit.
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        services.members.auth.sendCode({
          phone: uniquePhone(),
          purpose: "register",
          ip: `10.${60 + n}.0.1`,
          now,
        }),
      ),
    );
    expect(statuses(results).filter((status) => status === "sent")).toHaveLength(3);
    expect(statuses(results).filter((status) => status === "challenge_required")).toHaveLength(9);
    expect(sms.sent).toHaveLength(3);
    expect(await dayCount("register", now)).toBe(soft);
    // The back office reads the same count.
    const { operations } = await database.services.members.admin.dashboard(now);
    expect(operations.codeBudgets.find((budget) => budget.purpose === "register")).toMatchObject({
      used: soft,
      limit: rules.maxCodesPerDay.register,
      nearLimit: false,
    });
  });

  it("never closes registration: past the budget a solved challenge still sends, once per solution", async () => {
    const { sms, services } = setup();
    const now = freshDay();
    await usedAlready("register", rules.maxCodesPerDay.register + 5, now);
    const phone = uniquePhone();
    const asked = await services.members.auth.sendCode({ phone, purpose: "register", ip: "10.70.0.1", now });
    expect(asked.status).toBe("challenge_required");
    if (asked.status !== "challenge_required") return;
    const solution = await solve(asked.challenge);

    // The same solution sent twice at once buys one code.
    const [first, second] = await Promise.all([
      services.members.auth.sendCode({
        phone,
        purpose: "register",
        ip: "10.70.0.1",
        challenge: solution,
        now,
      }),
      services.members.auth.sendCode({
        phone: uniquePhone(),
        purpose: "register",
        ip: "10.71.0.1",
        challenge: solution,
        now,
      }),
    ]);
    expect(statuses([first!, second!]).sort()).toEqual(["challenge_required", "sent"]);
    expect(sms.sent).toHaveLength(1);
    // A forged or altered solution buys nothing.
    const forged = Buffer.from(
      JSON.stringify({ challenge: asked.challenge, solution: { counter: 1, derivedKey: "00" } }),
    ).toString("base64");
    expect(
      (
        await services.members.auth.sendCode({
          phone: uniquePhone(),
          purpose: "register",
          ip: "10.72.0.1",
          challenge: forged,
          now,
        })
      ).status,
    ).toBe("challenge_required");
  }, 60_000);
});

describe("each network's share", () => {
  it("101 addresses of one /24 sending concurrently get the network's share, no more; other networks go on", async () => {
    const { sms, services } = setup();
    const now = freshDay();
    const share = networkAllowance(rules.maxCodesPerDay.register);
    const results = await Promise.all(
      Array.from({ length: 101 }, (_, n) =>
        Promise.all(
          [0, 1].map(() =>
            services.members.auth.sendCode({
              phone: uniquePhone(),
              purpose: "register",
              ip: `10.80.0.${n + 1}`,
              now,
            }),
          ),
        ),
      ),
    );
    const all = results.flat();
    expect(statuses(all).filter((status) => status === "sent")).toHaveLength(share);
    expect(statuses(all).filter((status) => status === "rate_limited")).toHaveLength(all.length - share);
    expect(sms.sent).toHaveLength(share);
    expect(await dayCount("register", now)).toBe(share);
    // Another network is not held by this one.
    expect(
      (
        await services.members.auth.sendCode({
          phone: uniquePhone(),
          purpose: "register",
          ip: "10.81.0.1",
          now,
        })
      ).status,
    ).toBe("sent");
  }, 60_000);

  it("counts an IPv6 /48 as one network", async () => {
    const { services } = setup();
    const now = freshDay();
    const share = networkAllowance(rules.maxCodesPerDay.register);
    await database.db.insert(smsCounters).values({
      scope: "network:register",
      key: "2001:db8:44::/48",
      windowStart: todayStart(now),
      sent: share,
    });
    expect(
      (
        await services.members.auth.sendCode({
          phone: uniquePhone(),
          purpose: "register",
          ip: "2001:db8:44:9::/64",
          now,
        })
      ).status,
    ).toBe("rate_limited");
    expect(
      (
        await services.members.auth.sendCode({
          phone: uniquePhone(),
          purpose: "register",
          ip: "2001:db8:45:9::/64",
          now,
        })
      ).status,
    ).toBe("sent");
  });
});

describe("the admins' notices", () => {
  it("email every admin once at 50, 80 and 100 %, even with concurrent sends crossing each mark", async () => {
    const { services } = setup();
    const now = freshDay();
    const admin = await createMember(database.db, {
      type: "admin",
      email: `admin${uniquePhone()}@example.hk`,
    });
    const budget = rules.maxCodesPerDay.register;
    for (const [share, from] of [
      [50, budget * 0.5 - 2],
      [80, budget * 0.8 - 2],
      [100, budget - 2],
      [100, budget - 2],
    ] as const) {
      await usedAlready("register", from, now);
      const sends = await Promise.all(
        Array.from({ length: 4 }, async (_, n) => {
          const ip = `10.${90 + n}.${share}.1`;
          const phone = uniquePhone();
          const asked = await services.members.auth.sendCode({ phone, purpose: "register", ip, now });
          if (asked.status !== "challenge_required") return asked;
          return services.members.auth.sendCode({
            phone,
            purpose: "register",
            ip,
            now,
            challenge: await solve(asked.challenge),
          });
        }),
      );
      expect(statuses(sends)).toEqual(["sent", "sent", "sent", "sent"]);
    }
    const emails = await database.db
      .select({ subject: outboxMessages.subject })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, admin.email), like(outboxMessages.subject, "%驗證碼短訊已用%")));
    expect(emails.map((email) => email.subject!.match(/(\d+)%/)![1]).sort()).toEqual(["100", "50", "80"]);
  }, 120_000);
});

describe("members behind one shared address", () => {
  it("50 members sign in at once from one address, solving the challenge past the address's free codes", async () => {
    const { sms, services } = setup();
    const now = freshDay();
    const ip = "203.0.113.50";
    const members = await Promise.all(Array.from({ length: 50 }, () => createMember(database.db)));
    const challenged: string[] = [];
    const results = await Promise.all(
      members.map(async (member, n) => {
        const client = { ip, device: `estate-device-${n}` };
        let sent = await services.members.auth.sendCode({
          phone: member.phone,
          purpose: "login",
          ...client,
          now,
        });
        if (sent.status === "challenge_required") {
          challenged.push(member.phone);
          const challenge = await solve(sent.challenge);
          sent = await services.members.auth.sendCode({
            phone: member.phone,
            purpose: "login",
            ...client,
            challenge,
            now,
          });
        }
        expect(sent).toEqual({ status: "sent" });
        return services.members.auth.signIn({
          phone: member.phone,
          code: sms.lastCode(member.phone),
          ...client,
          userAgent: null,
          previousToken: null,
        });
      }),
    );
    expect(statuses(results as SendCodeResult[])).toEqual(Array(50).fill("ok"));
    expect(challenged).toHaveLength(50 - rules.maxCodesPerIpPerHour);
    for (const member of members.slice(0, 5))
      expect(await sessionsOf(database.db, member.id)).toHaveLength(1);
  }, 120_000);
});

describe("pruning", () => {
  it("forgets counters two days old and solutions of expired challenges, and keeps today's", async () => {
    const now = freshDay();
    const old = new Date(todayStart(now).getTime() - 3 * dayMs);
    await database.db.insert(smsCounters).values([
      { scope: "address", key: "10.99.0.1", windowStart: old, sent: 3 },
      { scope: "address", key: "10.99.0.1", windowStart: todayStart(now), sent: 4 },
    ]);
    await database.db.insert(spentChallenges).values([
      { signature: `old-${now.getTime()}`, expiresAt: new Date(now.getTime() - 1_000) },
      { signature: `live-${now.getTime()}`, expiresAt: new Date(now.getTime() + 60_000) },
    ]);
    await database.services.members.smsBudget.prune(now);
    await database.services.members.signInChallenges.prune(now);
    const counters = await database.db.select().from(smsCounters).where(eq(smsCounters.key, "10.99.0.1"));
    expect(counters.map((row) => row.sent)).toEqual([4]);
    const spent = await database.db
      .select()
      .from(spentChallenges)
      .where(like(spentChallenges.signature, `%-${now.getTime()}`));
    expect(spent.map((row) => row.signature)).toEqual([`live-${now.getTime()}`]);
  });
});
