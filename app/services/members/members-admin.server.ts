import { and, count, desc, eq, gte, ilike, inArray, notLike, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  type CodePurpose,
  members,
  neighbors,
  orders,
  pageViews,
  siteSettings,
  smsSends,
} from "~/db/schema/index.ts";
import type { MemberEditInput, MemberExport, MemberListQuery } from "~/domain/members/admin-member.schema.ts";
import { signInRules } from "~/domain/members/sign-in-rules.ts";
import { hkDayStart, hkHourStart, lastHkDays, lastHkHours } from "~/domain/shared/hk-time.ts";
import { containsPattern } from "~/domain/shared/like-pattern.ts";
import { isHkPhone, normalizeHkPhone } from "~/domain/shared/phone.ts";
import { changedFields } from "~/domain/site/admin-audit.ts";
import { type DailyCount, fillDailySeries } from "~/domain/site/admin-dashboard.ts";
import type { SiteSettingsInput } from "~/domain/site/admin-settings.schema.ts";
import { listAudit, recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { readListPage } from "../shared/list-page.server.ts";
import type { SmsBudget } from "./sms-budget.server.ts";

const DASHBOARD_DAYS = 14;

/** The settings columns an admin edits at /admin/settings, in the order the audit log lists them. */
const settingsKeys = [
  "maintenance",
  "reopenAt",
  "shopName",
  "supportWhatsapp",
  "facebookUrl",
  "instagramUrl",
  "paymeClaimHours",
  "fpsIdentifier",
  "fpsAccountName",
  "cardFeeBasisPoints",
  "referralPercent",
] as const satisfies readonly (keyof typeof siteSettings.$inferSelect)[];

const memberEditKeys = [
  "lastName",
  "firstName",
  "email",
  "area",
  "adminDistrict",
  "district",
  "type",
  "agreePromotion",
] as const;

export type MemberUpdateResult =
  | { status: "ok"; changed: boolean }
  | { status: "not_found" }
  | { status: "self_demote" };
export type GrantAdminResult =
  | {
      status: "granted" | "already_admin";
      member: { id: string; phone: string; firstName: string; lastName: string };
    }
  | { status: "unknown_member" };

const referrer = alias(members, "referrer");

/** The columns of SPEC §3 User shown in lists and exports, with the referrer's phone and names. */
const memberListColumns = {
  id: members.id,
  phone: members.phone,
  lastName: members.lastName,
  firstName: members.firstName,
  email: members.email,
  area: members.area,
  adminDistrict: members.adminDistrict,
  district: members.district,
  type: members.type,
  agreePromotion: members.agreePromotion,
  dDollarCents: members.dDollarCents,
  createdAt: members.createdAt,
  lastLogin: members.lastLogin,
  referrerPhone: referrer.phone,
  referrerLastName: referrer.lastName,
  referrerFirstName: referrer.firstName,
};

export function createAdminService({ db }: ServiceDeps, smsBudget: SmsBudget) {
  /** Search by phone (any format), name (either part, or 姓+名 together) or email. */
  function memberFilter(query: Pick<MemberListQuery, "q" | "promotion">): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (query.q) {
      const text = containsPattern(query.q);
      const compact = containsPattern(query.q.replace(/\s+/g, ""));
      const phone = normalizeHkPhone(query.q);
      conditions.push(
        or(
          ilike(members.phone, /^\d+$/.test(phone) ? containsPattern(phone) : text),
          ilike(members.lastName, text),
          ilike(members.firstName, text),
          ilike(sql`${members.lastName} || ${members.firstName}`, compact),
          ilike(sql`${members.firstName} || ' ' || ${members.lastName}`, text),
          ilike(members.email, text),
        ),
      );
    }
    if (query.promotion !== "all") conditions.push(eq(members.agreePromotion, query.promotion === "yes"));
    return and(...conditions);
  }

  async function countsPerHkDay(
    table: typeof members | typeof pageViews,
    since: Date,
    filter?: SQL,
  ): Promise<DailyCount[]> {
    const day = sql<string>`to_char(${table.createdAt} at time zone 'Asia/Hong_Kong', 'YYYY-MM-DD')`;
    return db
      .select({ day, count: sql<number>`count(*)::int` })
      .from(table)
      .where(and(gte(table.createdAt, since), filter))
      .groupBy(day);
  }

  /**
   * Issue 8: the figures an operator watches during the week: orders placed per Hong Kong hour over
   * the last 24 hours, orders waiting for payment now, and SMS the provider accepted today.
   */
  async function operations(now: Date) {
    const hours = lastHkHours(now, 24);
    const hour = sql<string>`to_char(${orders.createdAt} at time zone 'Asia/Hong_Kong', 'YYYY-MM-DD"T"HH24')`;
    const [perHour, pending, sms, codes] = await Promise.all([
      db
        .select({ day: hour, count: sql<number>`count(*)::int` })
        .from(orders)
        .where(gte(orders.createdAt, hkHourStart(hours[0]!)))
        .groupBy(hour),
      db.select({ n: count() }).from(orders).where(eq(orders.status, "pending_payment")),
      db
        .select({ n: count() })
        .from(smsSends)
        .where(gte(smsSends.createdAt, hkDayStart(lastHkDays(now, 1)[0]!))),
      smsBudget.usedToday(now),
    ]);
    const used = (purpose: CodePurpose) => codes[purpose];
    return {
      ordersPerHour: fillDailySeries(hours, perHour),
      pendingPayments: pending[0]?.n ?? 0,
      smsToday: sms[0]?.n ?? 0,
      /** Sign-in codes sent this Hong Kong day against each daily budget (issues 26 and 44). */
      codeBudgets: (["login", "register"] as const).map((purpose) => ({
        purpose,
        used: used(purpose),
        limit: signInRules.maxCodesPerDay[purpose],
        nearLimit: used(purpose) >= signInRules.maxCodesPerDay[purpose] * signInRules.budgetWarnShare,
      })),
    };
  }

  return {
    /** /admin: members, and sign-ups and page views per Hong Kong day for the last 14 days. */
    async dashboard(now: Date) {
      const days = lastHkDays(now, DASHBOARD_DAYS);
      const since = hkDayStart(days[0]!);
      const [totals, signUps, views] = await Promise.all([
        db
          .select({
            members: count(),
            optedIn: sql<number>`count(*) filter (where ${members.agreePromotion})::int`,
          })
          .from(members),
        countsPerHkDay(members, since),
        // The shop's audience: the staff's own back office visits are left out.
        countsPerHkDay(pageViews, since, notLike(pageViews.path, "/admin%")),
      ]);
      return {
        days,
        members: totals[0]?.members ?? 0,
        optedIn: totals[0]?.optedIn ?? 0,
        signUps: fillDailySeries(days, signUps),
        pageViews: fillDailySeries(days, views),
        operations: await operations(now),
      };
    },

    /** /admin/settings: one transaction for the change and its audit entry. */
    async updateSettings(actorId: string, { cardFeePercent, ...rest }: SiteSettingsInput) {
      // The form takes the card fee in percent; the column (and every amount) uses basis points.
      const input = { ...rest, cardFeeBasisPoints: cardFeePercent };
      return db.transaction(async (tx) => {
        await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
        const [current] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for("update");
        if (!current) throw new Error("site settings row missing");
        const changed = changedFields(current, input, settingsKeys);
        if (!changed) return { settings: current, changed: false };
        const [updated] = await tx
          .update(siteSettings)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(siteSettings.id, 1))
          .returning();
        await recordAudit(tx, {
          actorId,
          action: "settings.update",
          entity: "settings",
          entityId: "1",
          ...changed,
        });
        return { settings: updated ?? current, changed: true };
      });
    },

    /** /admin/member: one page of members, newest first, with the total for paging. */
    async listMembers(query: MemberListQuery) {
      const where = memberFilter(query);
      return readListPage(
        query,
        db.select({ total: count() }).from(members).where(where),
        db
          .select(memberListColumns)
          .from(members)
          .leftJoin(referrer, eq(members.referrerId, referrer.id))
          .where(where)
          .orderBy(desc(members.createdAt), desc(members.id))
          .$dynamic(),
      );
    },

    /** One member for the edit page: the editable fields, the referrer (SPEC §3) and the referees. */
    async getMember(id: string) {
      const [member] = await db
        .select({
          ...memberListColumns,
          updatedAt: members.updatedAt,
          lastConsumption: members.lastConsumption,
          gender: members.gender,
          referralDiscount: members.referralDiscount,
          referrerId: members.referrerId,
          referrerEmail: referrer.email,
        })
        .from(members)
        .leftJoin(referrer, eq(members.referrerId, referrer.id))
        .where(eq(members.id, id));
      if (!member) return null;
      const [referees, history] = await Promise.all([
        db
          .select({
            id: members.id,
            phone: members.phone,
            lastName: members.lastName,
            firstName: members.firstName,
            createdAt: neighbors.createdAt,
          })
          .from(neighbors)
          .innerJoin(members, eq(neighbors.neighborId, members.id))
          .where(and(eq(neighbors.memberId, id), eq(neighbors.type, "referee")))
          .orderBy(desc(neighbors.createdAt)),
        listAudit(db, { entity: "member", entityId: id, limit: 10 }),
      ]);
      return { member, referees, history };
    },

    /** An admin's edit of a member, audited with the fields that changed. */
    async updateMember(actorId: string, id: string, input: MemberEditInput): Promise<MemberUpdateResult> {
      return db.transaction(async (tx): Promise<MemberUpdateResult> => {
        const [current] = await tx.select().from(members).where(eq(members.id, id)).for("update");
        if (!current) return { status: "not_found" };
        // An admin who demotes themself loses the back office mid-task; another admin must do it.
        if (id === actorId && input.type !== "admin") return { status: "self_demote" };
        const next = {
          ...input,
          email: input.email ?? "",
          area: input.area ?? null,
          adminDistrict: input.adminDistrict ?? null,
          district: input.district ?? null,
        };
        const changed = changedFields(current, next, memberEditKeys);
        if (!changed) return { status: "ok", changed: false };
        await tx
          .update(members)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(members.id, id));
        await recordAudit(tx, {
          actorId,
          action: "member.update",
          entity: "member",
          entityId: id,
          ...changed,
        });
        return { status: "ok", changed: true };
      });
    },

    /** Rows for the CSV export; the export itself is audited (personal data leaving the system). */
    async exportMembers(actorId: string, selection: MemberExport) {
      const where =
        selection.scope === "selected"
          ? inArray(members.id, selection.ids)
          : eq(members.agreePromotion, true);
      return db.transaction(async (tx) => {
        const rows = await tx
          .select(memberListColumns)
          .from(members)
          .leftJoin(referrer, eq(members.referrerId, referrer.id))
          .where(where)
          .orderBy(desc(members.createdAt), desc(members.id));
        await recordAudit(tx, {
          actorId,
          action: "member.export",
          entity: "member",
          after: { scope: selection.scope, count: rows.length },
        });
        return rows;
      });
    },

    /** `npm run admin:grant -- <phone>`: the first admin comes from the command line (DESIGN §4.14). */
    async grantAdmin(phoneInput: string, actorId: string | null = null): Promise<GrantAdminResult> {
      const phone = normalizeHkPhone(phoneInput);
      if (!isHkPhone(phone)) return { status: "unknown_member" };
      return db.transaction(async (tx): Promise<GrantAdminResult> => {
        const [member] = await tx.select().from(members).where(eq(members.phone, phone)).for("update");
        if (!member) return { status: "unknown_member" };
        const summary = {
          id: member.id,
          phone: member.phone,
          firstName: member.firstName,
          lastName: member.lastName,
        };
        if (member.type === "admin") return { status: "already_admin", member: summary };
        await tx
          .update(members)
          .set({ type: "admin", updatedAt: new Date() })
          .where(eq(members.id, member.id));
        await recordAudit(tx, {
          actorId,
          action: "member.grant_admin",
          entity: "member",
          entityId: member.id,
          before: { type: member.type },
          after: { type: "admin" },
        });
        return { status: "granted", member: summary };
      });
    },

    /** The audit log, newest first; for one kind of record (and one record) when asked. */
    auditEntries(filter: { entity?: string; entityId?: string; limit?: number } = {}) {
      return listAudit(db, filter);
    },
  };
}

type AdminService = ReturnType<typeof createAdminService>;
export type AdminMemberRow = Awaited<ReturnType<AdminService["listMembers"]>>["rows"][number];
