import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server.ts";
import { members, neighbors, orders } from "~/db/schema/index.ts";
import type { ProfileInput, RegisterInput } from "~/domain/members/member.schema.ts";
import { type ReferrerRefusal, referrerRefusal } from "~/domain/members/referral.ts";
import { PAID_ORDER_STATUSES } from "~/domain/orders/orders.ts";
import type { Locale } from "~/i18n/locale.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import type { createAuthService, VerifyResult } from "./auth.server.ts";

export type RegisterResult =
  | { status: "ok"; memberId: string; session: { token: string; expiresAt: Date } }
  | { status: "have_user" }
  /** SPEC §8: an unknown referrer fails registration (an empty user, new-user flag null). */
  | { status: ReferrerRefusal }
  | Exclude<VerifyResult, { status: "ok" }>;

export type ProfileResult = { status: "ok" } | { status: ReferrerRefusal };

type Auth = ReturnType<typeof createAuthService>;

/** The profile's own columns, as registration and the profile form both write them. */
function profileColumns(input: RegisterInput | ProfileInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    // No email is kept as "" (the column predates optional emails): nothing is sent to it.
    email: input.email ?? "",
    gender: input.gender ?? null,
    area: input.area ?? null,
    adminDistrict: input.adminDistrict ?? null,
    district: input.district ?? null,
    agreePromotion: input.agreePromotion,
  };
}

/** The two neighbour rows a referral makes: the referrer's referee and the member's referrer. */
function referralLinks(referrerId: string, memberId: string) {
  return [
    { memberId: referrerId, neighborId: memberId, type: "referee" as const },
    { memberId, neighborId: referrerId, type: "referrer" as const },
  ];
}

/**
 * Naming a referrer in the profile takes this transaction lock first (decision 0049): two members
 * naming each other at once, or the last link of a longer loop, are checked one after the other, so
 * the second sees the first's referrer and is refused. Registration needs no lock: nobody can have
 * named a member who does not exist yet, so a new member cannot close a loop.
 */
const REFERRAL_LOCK = sql`hashtext('gather:referral')`;

type Executor = Pick<Tx, "execute" | "select">;

/** The member with `phone` and their chain of referrers, nearest first (a loop already recorded ends it). */
async function referrerWithChain(executor: Executor, phoneOrCode: string) {
  const result = await executor.execute<{ path: string[] }>(sql`
    with recursive up(id, referrer_id, path) as (
      select id, referrer_id, array[id::text] from members
      where phone = ${phoneOrCode} or referral_code = ${phoneOrCode}
      union all
      select m.id, m.referrer_id, up.path || m.id::text
      from up join members m on m.id = up.referrer_id
      where not m.id::text = any(up.path)
    )
    select path from up order by cardinality(path) desc limit 1`);
  const path = result.rows[0]?.path;
  return path ? { id: path[0]!, chain: path.slice(1) } : null;
}

/** Whether the member has an order that reached paid and was not released (DESIGN §4.8's "paid order"). */
async function hasPaidOrder(executor: Executor, memberId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), inArray(orders.status, [...PAID_ORDER_STATUSES])))
    .limit(1);
  return row !== undefined;
}

export function createMemberService({ db }: ServiceDeps, auth: Auth) {
  async function findByPhone(phone: string) {
    const [row] = await db.select().from(members).where(eq(members.phone, phone));
    return row ?? null;
  }

  return {
    findByPhone,

    /** Member by id with the referrer summary of SPEC §3 (uid, phone, names, email). */
    async getProfile(id: string) {
      const [member] = await db.select().from(members).where(eq(members.id, id));
      if (!member) return null;
      const [referrer] = member.referrerId
        ? await db
            .select({
              id: members.id,
              phone: members.phone,
              firstName: members.firstName,
              lastName: members.lastName,
              email: members.email,
            })
            .from(members)
            .where(eq(members.id, member.referrerId))
        : [];
      return { ...member, referrer: referrer ?? null };
    },

    async register(
      input: RegisterInput,
      meta: {
        ip: string | null;
        device?: string | null;
        userAgent: string | null;
        previousToken: string | null;
        /** The language of the page they registered on (issue 48): their SMS and emails' language. */
        locale?: Locale;
      },
    ): Promise<RegisterResult> {
      if (input.referrer && input.referrer === input.phone) return { status: "referrer_self" };
      if (await findByPhone(input.phone)) return { status: "have_user" };
      const referrer = input.referrer ? await referrerWithChain(db, input.referrer) : null;
      if (input.referrer) {
        const refusal = referrerRefusal({
          memberId: null,
          memberPhone: input.phone,
          currentReferrerId: null,
          hasPaidOrder: false,
          referrerPhone: input.referrer,
          referrer,
        });
        if (refusal) return { status: refusal };
      }

      const verified = await auth.verifyCode({
        phone: input.phone,
        purpose: "register",
        code: input.code,
        ip: meta.ip,
        device: meta.device ?? null,
      });
      if (verified.status !== "ok") return verified;
      return db.transaction(async (tx): Promise<RegisterResult> => {
        const [created] = await tx
          .insert(members)
          .values({
            phone: input.phone,
            ...profileColumns(input),
            referrerId: referrer?.id ?? null,
            referralDiscount: referrer ? 1 : 0,
            locale: meta.locale ?? "zh-HK",
            lastLogin: new Date(),
          })
          .onConflictDoNothing({ target: members.phone })
          .returning({ id: members.id });
        if (!created) return { status: "have_user" };
        if (referrer) {
          await tx.insert(neighbors).values(referralLinks(referrer.id, created.id));
        }
        const session = await auth.createSession(
          created.id,
          { ip: meta.ip, userAgent: meta.userAgent, replacing: meta.previousToken },
          tx,
        );
        return { status: "ok", memberId: created.id, session };
      });
    },

    /**
     * Profile update; a referrer can be added once, later, under the same rules as at registration,
     * and only before the member's first paid order (DESIGN §4.8, decision 0049).
     */
    async updateProfile(id: string, input: ProfileInput): Promise<ProfileResult> {
      return db.transaction(async (tx): Promise<ProfileResult> => {
        if (input.referrer) await tx.execute(sql`select pg_advisory_xact_lock(${REFERRAL_LOCK})`);
        const [current] = await tx.select().from(members).where(eq(members.id, id)).for("update");
        if (!current) throw new Error("member not found");
        let referrerId = current.referrerId;
        if (input.referrer) {
          const referrer = await referrerWithChain(tx, input.referrer);
          const refusal = referrerRefusal({
            memberId: id,
            memberPhone: current.phone,
            currentReferrerId: current.referrerId,
            hasPaidOrder: !current.referrerId && (await hasPaidOrder(tx, id)),
            referrerPhone: input.referrer,
            referrer,
          });
          if (refusal) return { status: refusal };
          if (!current.referrerId && referrer) {
            referrerId = referrer.id;
            await tx.insert(neighbors).values(referralLinks(referrer.id, id)).onConflictDoNothing();
          }
        }
        await tx
          .update(members)
          .set({
            ...profileColumns(input),
            ...(input.locale ? { locale: input.locale } : {}),
            referrerId,
            referralDiscount: referrerId ? 1 : 0,
            updatedAt: new Date(),
          })
          .where(eq(members.id, id));
        return { status: "ok" };
      });
    },

    /**
     * Whether the member may still name a referrer (DESIGN §4.8): none recorded and no paid order
     * yet. The profile and `/referral` say so before the member tries.
     */
    async canNameReferrer(id: string): Promise<boolean> {
      const [member] = await db
        .select({ referrerId: members.referrerId })
        .from(members)
        .where(eq(members.id, id));
      return member !== undefined && member.referrerId === null && !(await hasPaidOrder(db, id));
    },

    /** The member's neighbors (SPEC §3): referees they brought and the referrer who brought them. */
    async listNeighbors(id: string) {
      return db
        .select({
          type: neighbors.type,
          createdAt: neighbors.createdAt,
          firstName: members.firstName,
          lastName: members.lastName,
          phone: members.phone,
        })
        .from(neighbors)
        .innerJoin(members, eq(neighbors.neighborId, members.id))
        .where(eq(neighbors.memberId, id))
        .orderBy(desc(neighbors.createdAt));
    },

    /** The language a member reads (issue 48): from their profile or the header's switch. */
    async setLocale(id: string, locale: Locale): Promise<void> {
      await db.update(members).set({ locale, updatedAt: new Date() }).where(eq(members.id, id));
    },

    async grantAdmin(phone: string): Promise<boolean> {
      const updated = await db
        .update(members)
        .set({ type: "admin", updatedAt: new Date() })
        .where(and(eq(members.phone, phone)))
        .returning({ id: members.id });
      return updated.length > 0;
    },

    async count() {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(members);
      return row?.n ?? 0;
    },
  };
}
