import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import {
  type CodePurpose,
  cartItems,
  members,
  phoneLocks,
  pickupStaff,
  sessions,
  verificationCodes,
} from "~/db/schema/index.ts";
import { signInRules as rules } from "~/domain/members/sign-in-rules.ts";
import { t } from "~/i18n/notices.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { sharedSecret } from "../shared/secrets.server.ts";

export type SendCodeResult =
  | { status: "sent" }
  /** SPEC §8: sign-in with an unknown number sends nothing (tempVerificationId -1). */
  | { status: "unknown_member" }
  /** SPEC §8: registering a known number sends nothing ('have user'). */
  | { status: "have_user" }
  | { status: "locked"; until: Date }
  | { status: "too_soon"; retryAfterMs: number }
  | { status: "rate_limited" };

export type VerifyResult =
  | { status: "ok" }
  | { status: "wrong" }
  | { status: "expired" }
  | { status: "locked"; until: Date };

export interface SessionMember {
  id: string;
  phone: string;
  firstName: string;
  lastName: string;
  type: "member" | "admin";
  dDollarCents: number;
  /** Products in their cart when the session was read: the header's badge. */
  cartCount: number;
  /** Assigned to a pickup point (decision 0034): the header links them to /pickup. */
  pickupStaff: boolean;
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function hashToken(token: string): string {
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
      // The header's badge, read with the member rather than by a statement of its own.
      cartCount: sql<number>`(select count(*)::int from ${cartItems} where ${cartItems.memberId} = ${members.id})`,
      pickupStaff: sql<boolean>`exists (select 1 from ${pickupStaff} where ${pickupStaff.memberId} = ${members.id})`,
    })
    .from(sessions)
    .innerJoin(members, eq(sessions.memberId, members.id))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
}

export function createAuthService({ db, log, env }: ServiceDeps, sms: SmsProvider) {
  let hmacKey: Promise<string> | undefined;
  const codeHash = async (purpose: CodePurpose, phone: string, code: string) => {
    hmacKey ??= sharedSecret(db, "code_hmac", env.AUTH_SECRET);
    return createHmac("sha256", await hmacKey)
      .update(`${purpose}:${phone}:${code}`)
      .digest("hex");
  };

  async function lockedUntil(executor: Db | Tx, phone: string, now: Date): Promise<Date | null> {
    const [lock] = await executor.select().from(phoneLocks).where(eq(phoneLocks.phone, phone));
    return lock?.lockedUntil && lock.lockedUntil > now ? lock.lockedUntil : null;
  }

  async function sendCode(input: {
    phone: string;
    purpose: CodePurpose;
    ip: string | null;
    now?: Date;
  }): Promise<SendCodeResult> {
    const now = input.now ?? new Date();
    const { phone, purpose } = input;
    const [member] = await db.select({ id: members.id }).from(members).where(eq(members.phone, phone));
    if (purpose === "login" && !member) return { status: "unknown_member" };
    if (purpose === "register" && member) return { status: "have_user" };

    const code = String(randomInt(0, 10 ** rules.codeDigits)).padStart(rules.codeDigits, "0");
    const hash = await codeHash(purpose, phone, code);
    const outcome = await db.transaction(async (tx): Promise<SendCodeResult> => {
      // One sender per number at a time, so the limits below cannot be raced.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
      const until = await lockedUntil(tx, phone, now);
      if (until) return { status: "locked", until };

      const hourAgo = new Date(now.getTime() - 3_600_000);
      const [last] = await tx
        .select({ createdAt: verificationCodes.createdAt })
        .from(verificationCodes)
        .where(eq(verificationCodes.phone, phone))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      const sinceLast = last ? now.getTime() - last.createdAt.getTime() : Number.POSITIVE_INFINITY;
      if (sinceLast < rules.resendAfterMs) {
        return { status: "too_soon", retryAfterMs: rules.resendAfterMs - sinceLast };
      }
      const counted = async (where: ReturnType<typeof and>) =>
        (await tx.select({ n: count() }).from(verificationCodes).where(where))[0]?.n ?? 0;
      const dayAgo = new Date(now.getTime() - 86_400_000);
      if (
        (await counted(and(eq(verificationCodes.phone, phone), gt(verificationCodes.createdAt, hourAgo)))) >=
          rules.maxCodesPerPhonePerHour ||
        (input.ip !== null &&
          (await counted(
            and(eq(verificationCodes.ip, input.ip), gt(verificationCodes.createdAt, hourAgo)),
          )) >= rules.maxCodesPerIpPerHour) ||
        (await counted(
          and(eq(verificationCodes.purpose, purpose), gt(verificationCodes.createdAt, dayAgo)),
        )) >= rules.maxCodesPerDay[purpose]
      ) {
        return { status: "rate_limited" };
      }

      // A new code replaces any earlier one for the same number and purpose.
      await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(verificationCodes.phone, phone),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.consumedAt),
          ),
        );
      await tx.insert(verificationCodes).values({
        phone,
        purpose,
        codeHash: hash,
        ip: input.ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + rules.codeTtlMs),
      });
      return { status: "sent" };
    });
    if (outcome.status !== "sent") return outcome;

    await sms.send({
      to: phone,
      body: t("notice.signInCode.sms", { shop: t("shop.name"), code, minutes: rules.codeTtlMs / 60_000 }),
    });
    log.info({ phone: `${phone.slice(0, 4)}****`, purpose }, "sign-in code sent");
    return outcome;
  }

  /**
   * Checks `code` against the newest live code for the number, on the pool and in no transaction:
   * a caller must not hold a connection while this waits for one (issue 26), so the sign-in and
   * registration transactions run after it. Each check first counts a try on the code's row, so
   * concurrent guesses queue on that row and no more than `maxAttemptsPerCode` are ever compared;
   * a matching code is then consumed once, even when two requests send it at the same instant.
   */
  async function verifyCode(input: {
    phone: string;
    purpose: CodePurpose;
    code: string;
    now?: Date;
  }): Promise<VerifyResult> {
    const now = input.now ?? new Date();
    const { phone, purpose } = input;
    const until = await lockedUntil(db, phone, now);
    if (until) return { status: "locked", until };

    const live = sql`(select id from ${verificationCodes}
      where ${verificationCodes.phone} = ${phone} and ${verificationCodes.purpose} = ${purpose}
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
    if (!tried) {
      await recordFailure(phone, now);
      return { status: "expired" };
    }

    if (sameHash(tried.codeHash, await codeHash(purpose, phone, input.code))) {
      const consumed = await db
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.id, tried.id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      if (consumed.length === 0) return { status: "expired" };
      await db
        .update(phoneLocks)
        .set({ consecutiveFailures: 0, lockedUntil: null, updatedAt: now })
        .where(eq(phoneLocks.phone, phone));
      return { status: "ok" };
    }
    await recordFailure(phone, now);
    return { status: "wrong" };
  }

  /** One more failure for the number; the tenth in a row locks it (DESIGN §4.14). */
  async function recordFailure(phone: string, now: Date): Promise<void> {
    const lockAt = new Date(now.getTime() + rules.lockMs);
    const reachesLock = sql`${phoneLocks.consecutiveFailures} + 1 >= ${rules.lockAfterFailures}`;
    await db
      .insert(phoneLocks)
      .values({ phone, consecutiveFailures: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: phoneLocks.phone,
        set: {
          // The lock starts a fresh count: once it runs out, one more slip must not lock again.
          consecutiveFailures: sql`case when ${reachesLock} then 0
            else ${phoneLocks.consecutiveFailures} + 1 end`,
          lockedUntil: sql`case when ${reachesLock}
            then ${lockAt}::timestamptz else ${phoneLocks.lockedUntil} end`,
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
      userAgent: string | null;
      previousToken: string | null;
    }): Promise<VerifyResult & { session?: { token: string; expiresAt: Date } }> {
      const [member] = await db
        .select({ id: members.id })
        .from(members)
        .where(eq(members.phone, input.phone));
      if (!member) return { status: "wrong" };
      const verified = await verifyCode({ phone: input.phone, purpose: "login", code: input.code });
      if (verified.status !== "ok") return verified;
      return db.transaction(async (tx) => {
        await tx.update(members).set({ lastLogin: new Date() }).where(eq(members.id, member.id));
        const session = await createSession(
          member.id,
          { ip: input.ip, userAgent: input.userAgent, replacing: input.previousToken },
          tx,
        );
        return { status: "ok" as const, session };
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
