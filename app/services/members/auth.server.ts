import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Challenge } from "altcha-lib";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import {
  type CodePurpose,
  cartItems,
  members,
  pickupStaff,
  sessions,
  signInFailures,
  verificationCodes,
} from "~/db/schema/index.ts";
import { signInRules as rules } from "~/domain/members/sign-in-rules.ts";
import { challengeWork, judgeSend, needsChallenge } from "~/domain/members/sms-budget.ts";
import type { Locale } from "~/i18n/locale.ts";
import { i18nIn } from "~/i18n/messages.server.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { sharedSecret } from "../shared/secrets.server.ts";
import type { SignInChallenges } from "./sign-in-challenge.server.ts";
import type { SmsBudget } from "./sms-budget.server.ts";

export type SendCodeResult =
  | { status: "sent" }
  /** SPEC §8: sign-in with an unknown number sends nothing (tempVerificationId -1). */
  | { status: "unknown_member" }
  /** SPEC §8: registering a known number sends nothing ('have user'). */
  | { status: "have_user" }
  | { status: "locked"; until: Date }
  | { status: "too_soon"; retryAfterMs: number }
  | { status: "rate_limited" }
  /** Past a soft limit: solve this proof-of-work challenge in the browser, then ask again. */
  | { status: "challenge_required"; challenge: Challenge };

export type VerifyResult =
  | { status: "ok" }
  | { status: "wrong" }
  | { status: "expired" }
  | { status: "locked"; until: Date };

/**
 * Who is asking (issue 44 item 3): the browser's device cookie when it has one, else its address
 * (the limits' key). Codes, failures and locks belong to a number and a client together.
 */
export interface SignInClient {
  ip?: string | null;
  device?: string | null;
}

function clientOf({ ip, device }: SignInClient): string {
  return device ? `device:${device}` : `ip:${ip ?? "unknown"}`;
}

/** A send refused inside its transaction: thrown to roll the counting back, caught outside. */
class Refused extends Error {
  constructor(readonly result: SendCodeResult | { status: "challenge"; hard: boolean }) {
    super("refused");
  }
}

export interface SessionMember {
  id: string;
  phone: string;
  firstName: string;
  lastName: string;
  type: "member" | "admin";
  dDollarCents: number;
  /** What their share links carry as `ref` (DESIGN §4.11). */
  referralCode: string;
  /** Products in their cart when the session was read: the header's badge. */
  cartCount: number;
  /** Assigned to a pickup point (decision 0034): the header links them to /pickup. */
  pickupStaff: boolean;
  /** The language they read (issue 48): their SMS and emails are in it. */
  locale: Locale;
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The member a session token belongs to, while the session lasts; every signed-in request asks. */
function memberOfSession(db: Db, { tokenHash, now }: { tokenHash: string; now: Date }) {
  return db
    .select({
      id: members.id,
      phone: members.phone,
      firstName: members.firstName,
      lastName: members.lastName,
      type: members.type,
      dDollarCents: members.dDollarCents,
      referralCode: members.referralCode,
      locale: members.locale,
      // The header's badge, read with the member rather than by a statement of its own.
      cartCount: sql<number>`(select count(*)::int from ${cartItems} where ${cartItems.memberId} = ${members.id})`,
      pickupStaff: sql<boolean>`exists (select 1 from ${pickupStaff} where ${pickupStaff.memberId} = ${members.id})`,
    })
    .from(sessions)
    .innerJoin(members, eq(sessions.memberId, members.id))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
}

export function createAuthService(
  { db, log, env }: ServiceDeps,
  sms: SmsProvider,
  { budget, challenges }: { budget: SmsBudget; challenges: SignInChallenges },
) {
  let hmacKey: Promise<string> | undefined;
  const codeHash = async (purpose: CodePurpose, phone: string, code: string) => {
    hmacKey ??= sharedSecret(db, "code_hmac", env.AUTH_SECRET);
    return createHmac("sha256", await hmacKey)
      .update(`${purpose}:${phone}:${code}`)
      .digest("hex");
  };

  /** This client's standing on this number: its lock, and whether it has signed in to it before. */
  async function standing(executor: Db | Tx, phone: string, client: string, now: Date) {
    const [row] = await executor
      .select()
      .from(signInFailures)
      .where(and(eq(signInFailures.phone, phone), eq(signInFailures.client, client)));
    return {
      lockedUntil: row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null,
      owner: Boolean(row?.signedInAt),
    };
  }

  /** The per-number limits, all but the number-wide ceiling counted for this client alone. */
  async function numberLimits(tx: Tx, phone: string, client: string, owner: boolean, now: Date) {
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const [last] = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.phone, phone), eq(verificationCodes.client, client)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    const sinceLast = last ? now.getTime() - last.createdAt.getTime() : Number.POSITIVE_INFINITY;
    if (sinceLast < rules.resendAfterMs) {
      return { status: "too_soon" as const, retryAfterMs: rules.resendAfterMs - sinceLast };
    }
    const counted = async (where: ReturnType<typeof and>) =>
      (await tx.select({ n: count() }).from(verificationCodes).where(where))[0]?.n ?? 0;
    const recent = and(eq(verificationCodes.phone, phone), gt(verificationCodes.createdAt, hourAgo));
    if ((await counted(and(recent, eq(verificationCodes.client, client)))) >= rules.maxCodesPerPhonePerHour)
      return { status: "rate_limited" as const };
    // Against text bombing from many clients; the owner's own device is not held by strangers' codes.
    if (!owner && (await counted(recent)) >= rules.maxCodesPerPhoneAllClientsPerHour)
      return { status: "rate_limited" as const };
    return null;
  }

  async function sendCode(
    input: {
      phone: string;
      purpose: CodePurpose;
      challenge?: string | null;
      now?: Date;
      /** The language of the page that asked (issue 48): the SMS is in it. */
      locale?: Locale;
    } & SignInClient,
  ): Promise<SendCodeResult> {
    const now = input.now ?? new Date();
    const { phone, purpose } = input;
    const client = clientOf(input);
    const address = input.ip ?? "unknown";
    const [member] = await db
      .select({ id: members.id, locale: members.locale })
      .from(members)
      .where(eq(members.phone, phone));
    if (purpose === "login" && !member) return { status: "unknown_member" };
    if (purpose === "register" && member) return { status: "have_user" };

    const solved = await challenges.check(input.challenge);
    const code = String(randomInt(0, 10 ** rules.codeDigits)).padStart(rules.codeDigits, "0");
    const hash = await codeHash(purpose, phone, code);
    let sent: { counts: Awaited<ReturnType<SmsBudget["count"]>>; notices: number[] };
    try {
      sent = await db.transaction(async (tx) => {
        // One sender per number at a time, so the per-number limits below cannot be raced.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
        const { lockedUntil, owner } = await standing(tx, phone, client, now);
        if (lockedUntil) throw new Refused({ status: "locked", until: lockedUntil });
        const limited = await numberLimits(tx, phone, client, owner, now);
        if (limited) throw new Refused(limited);

        const counts = await budget.count(tx, purpose, address, now);
        const judged = judgeSend(counts, solved !== null);
        if (!judged.ok && judged.error !== "challenge_required")
          throw new Refused({ status: "rate_limited" });
        const hard = challengeWork(counts.day, counts.budget) === "hard";
        if (!judged.ok) throw new Refused({ status: "challenge", hard });
        // A solution used once already (or by a concurrent send) buys nothing more.
        if (needsChallenge(counts) && solved && !(await challenges.spend(tx, solved))) {
          throw new Refused({ status: "challenge", hard });
        }

        // A new code replaces this client's earlier one, never another client's.
        await tx
          .update(verificationCodes)
          .set({ consumedAt: now })
          .where(
            and(
              eq(verificationCodes.phone, phone),
              eq(verificationCodes.purpose, purpose),
              eq(verificationCodes.client, client),
              isNull(verificationCodes.consumedAt),
            ),
          );
        await tx.insert(verificationCodes).values({
          phone,
          purpose,
          codeHash: hash,
          ip: input.ip,
          client,
          createdAt: now,
          expiresAt: new Date(now.getTime() + rules.codeTtlMs),
        });
        return { counts, notices: await budget.claimNotices(tx, purpose, counts, now) };
      });
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      const refused = error.result;
      if (refused.status !== "challenge") return refused;
      return {
        status: "challenge_required",
        challenge: await challenges.create(refused.hard ? "hard" : "normal", now),
      };
    }

    // In the page's language; a member's own otherwise.
    const words = i18nIn(input.locale ?? member?.locale ?? "zh-HK");
    await sms.send({
      to: phone,
      body: words.t("notice.signInCode.sms", {
        shop: words.t("shop.name"),
        code,
        minutes: rules.codeTtlMs / 60_000,
      }),
    });
    log.info({ phone: `${phone.slice(0, 4)}****`, purpose }, "sign-in code sent");
    await budget.sendNotices(purpose, sent.notices, sent.counts, now);
    return { status: "sent" };
  }

  /**
   * Checks `code` against this client's newest live code for the number, on the pool and in no
   * transaction: a caller must not hold a connection while this waits for one (issue 26), so the
   * sign-in and registration transactions run after it. Each check first counts a try on the code's
   * row, so concurrent guesses queue on that row and no more than `maxAttemptsPerCode` are ever
   * compared; a matching code is then consumed once, even when two requests send it at once.
   * A guess with no live code of its own counts against nobody (issue 44 item 3).
   */
  async function verifyCode(
    input: { phone: string; purpose: CodePurpose; code: string; now?: Date } & SignInClient,
  ): Promise<VerifyResult> {
    const now = input.now ?? new Date();
    const { phone, purpose } = input;
    const client = clientOf(input);
    const { lockedUntil } = await standing(db, phone, client, now);
    if (lockedUntil) return { status: "locked", until: lockedUntil };

    const live = sql`(select id from ${verificationCodes}
      where ${verificationCodes.phone} = ${phone} and ${verificationCodes.purpose} = ${purpose}
        and ${verificationCodes.client} = ${client}
        and ${verificationCodes.consumedAt} is null and ${verificationCodes.expiresAt} > ${now}
      order by ${verificationCodes.createdAt} desc limit 1)`;
    const [tried] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(
        and(
          sql`${verificationCodes.id} = ${live}`,
          isNull(verificationCodes.consumedAt),
          sql`${verificationCodes.attempts} < ${rules.maxAttemptsPerCode}`,
        ),
      )
      .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash });
    if (!tried) return { status: "expired" };

    if (sameHash(tried.codeHash, await codeHash(purpose, phone, input.code))) {
      const consumed = await db
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.id, tried.id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      if (consumed.length === 0) return { status: "expired" };
      // This client has proved it holds the number: its count starts afresh and it is the owner's.
      await db
        .insert(signInFailures)
        .values({ phone, client, consecutiveFailures: 0, signedInAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [signInFailures.phone, signInFailures.client],
          set: { consecutiveFailures: 0, lockedUntil: null, signedInAt: now, updatedAt: now },
        });
      return { status: "ok" };
    }
    await recordFailure(phone, client, now);
    return { status: "wrong" };
  }

  /** One more failure for this client on the number; the tenth in a row locks it (DESIGN §4.14). */
  async function recordFailure(phone: string, client: string, now: Date): Promise<void> {
    const lockAt = new Date(now.getTime() + rules.lockMs);
    const reachesLock = sql`${signInFailures.consecutiveFailures} + 1 >= ${rules.lockAfterFailures}`;
    await db
      .insert(signInFailures)
      .values({ phone, client, consecutiveFailures: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: [signInFailures.phone, signInFailures.client],
        set: {
          // The lock starts a fresh count: once it runs out, one more slip must not lock again.
          consecutiveFailures: sql`case when ${reachesLock} then 0
            else ${signInFailures.consecutiveFailures} + 1 end`,
          lockedUntil: sql`case when ${reachesLock}
            then ${lockAt}::timestamptz else ${signInFailures.lockedUntil} end`,
          updatedAt: now,
        },
      });
  }

  async function createSession(
    memberId: string,
    meta: { userAgent?: string | null; ip?: string | null; replacing?: string | null },
    tx?: Tx,
  ): Promise<{ token: string; expiresAt: Date }> {
    const executor = tx ?? db;
    if (meta.replacing)
      await executor.delete(sessions).where(eq(sessions.tokenHash, hashToken(meta.replacing)));
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + rules.sessionMs);
    await executor.insert(sessions).values({
      tokenHash: hashToken(token),
      memberId,
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    });
    return { token, expiresAt };
  }

  return {
    sendCode,
    verifyCode,
    createSession,

    /** Signs an existing member in: consume the code, stamp lastLogin, rotate the session. */
    async signIn(input: {
      phone: string;
      code: string;
      ip: string | null;
      device?: string | null;
      userAgent: string | null;
      previousToken: string | null;
    }): Promise<VerifyResult & { session?: { token: string; expiresAt: Date }; locale?: Locale }> {
      const [member] = await db
        .select({ id: members.id, locale: members.locale })
        .from(members)
        .where(eq(members.phone, input.phone));
      if (!member) return { status: "wrong" };
      const verified = await verifyCode({
        phone: input.phone,
        purpose: "login",
        code: input.code,
        ip: input.ip,
        device: input.device ?? null,
      });
      if (verified.status !== "ok") return verified;
      return db.transaction(async (tx) => {
        await tx.update(members).set({ lastLogin: new Date() }).where(eq(members.id, member.id));
        const session = await createSession(
          member.id,
          { ip: input.ip, userAgent: input.userAgent, replacing: input.previousToken },
          tx,
        );
        // The language they read (issue 48): the device follows it from now on.
        return { status: "ok" as const, session, locale: member.locale };
      });
    },

    async memberForSession(token: string): Promise<SessionMember | null> {
      const [row] = await memberOfSession(db, { tokenHash: hashToken(token), now: new Date() });
      return row ?? null;
    },

    async signOut(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },
  };
}
