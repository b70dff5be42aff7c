import { and, desc, eq, sql } from "drizzle-orm";
import { members, neighbors } from "~/db/schema/index.ts";
import type { ProfileInput, RegisterInput } from "~/domain/members/member.schema.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import type { createAuthService, VerifyResult } from "./auth.server.ts";

export type RegisterResult =
  | { status: "ok"; memberId: string; session: { token: string; expiresAt: Date } }
  | { status: "have_user" }
  /** SPEC §8: an unknown referrer fails registration (an empty user, new-user flag null). */
  | { status: "referrer_missing" }
  | { status: "referrer_self" }
  | Exclude<VerifyResult, { status: "ok" }>;

export type ProfileResult =
  | { status: "ok" }
  | { status: "referrer_missing" }
  | { status: "referrer_self" }
  | { status: "referrer_locked" };

type Auth = ReturnType<typeof createAuthService>;

/** The profile's own columns, as registration and the profile form both write them. */
function profileColumns(input: RegisterInput | ProfileInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
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
      },
    ): Promise<RegisterResult> {
      if (input.referrer && input.referrer === input.phone) return { status: "referrer_self" };
      if (await findByPhone(input.phone)) return { status: "have_user" };
      const referrer = input.referrer ? await findByPhone(input.referrer) : null;
      if (input.referrer && !referrer) return { status: "referrer_missing" };

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

    /** Profile update; a referrer can be added once, later, under the same rules as at registration. */
    async updateProfile(id: string, input: ProfileInput): Promise<ProfileResult> {
      return db.transaction(async (tx): Promise<ProfileResult> => {
        const [current] = await tx.select().from(members).where(eq(members.id, id)).for("update");
        if (!current) throw new Error("member not found");
        let referrerId = current.referrerId;
        if (input.referrer) {
          if (input.referrer === current.phone) return { status: "referrer_self" };
          const [referrer] = await tx.select().from(members).where(eq(members.phone, input.referrer));
          if (!referrer) return { status: "referrer_missing" };
          if (current.referrerId && current.referrerId !== referrer.id) return { status: "referrer_locked" };
          if (!current.referrerId) {
            referrerId = referrer.id;
            await tx.insert(neighbors).values(referralLinks(referrer.id, id)).onConflictDoNothing();
          }
        }
        await tx
          .update(members)
          .set({
            ...profileColumns(input),
            referrerId,
            referralDiscount: referrerId ? 1 : 0,
            updatedAt: new Date(),
          })
          .where(eq(members.id, id));
        return { status: "ok" };
      });
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
