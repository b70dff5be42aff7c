import { type AnyColumn, and, asc, count, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { enquiries, enquiryReplies, members } from "~/db/schema/index.ts";
import {
  type EnquiryListQuery,
  type EnquiryStatus,
  excerpt,
  type ReplyRoute,
  reopenedStatus,
  replyRoute,
} from "~/domain/messages/enquiry-inbox.ts";
import { displayWhatsapp, renderReplyEmail } from "~/domain/messages/enquiry-reply.ts";
import { normalizeHkPhone } from "~/domain/shared/phone.ts";
import { shopNameIn } from "~/i18n/i18n.ts";
import { i18nIn } from "~/i18n/messages.server.ts";
import type { EmailProvider } from "~/integrations/email/email-provider.ts";
import type { SmsProvider } from "~/integrations/sms/sms-provider.ts";
import { listAudit, recordAudit } from "../shared/audit.server.ts";
import type { ServiceDeps } from "../shared/deps.ts";
import { readListPage } from "../shared/list-page.server.ts";
import type { SiteSettings } from "../site/index.ts";

export type ReplyResult =
  | { status: "sent"; route: ReplyRoute }
  | { status: "not_found" }
  | { status: "no_contact" }
  | { status: "closed" }
  | { status: "send_failed" };

export type StatusChangeResult = { status: "ok"; changed: boolean } | { status: "not_found" };

/** Characters of the message the list query reads: enough for the excerpt, never the whole text. */
const LIST_MESSAGE_CHARS = 120;

/**
 * The back office side of the one inbox (issue 7 item 2): list, open (marks read), reply by email
 * or SMS through the providers of DESIGN §5, close and reopen. Every change is audited.
 */
export function createEnquiryInboxService(
  { db, log }: ServiceDeps,
  providers: { email: EmailProvider; sms: SmsProvider },
  site: { getSettings(): Promise<SiteSettings> },
) {
  /** Search in name, phone (any format), email, company and message; case-insensitive, % taken literally. */
  function listFilter(query: EnquiryListQuery): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (query.q) {
      const text = query.q.toLowerCase();
      const contains = (column: SQL | AnyColumn) => sql`strpos(lower(${column}), ${text}) > 0`;
      const phone = normalizeHkPhone(query.q);
      conditions.push(
        or(
          contains(enquiries.name),
          /^\d+$/.test(phone) ? sql`strpos(${enquiries.phone}, ${phone}) > 0` : undefined,
          contains(sql`coalesce(${enquiries.email}, '')`),
          contains(sql`coalesce(${enquiries.company}, '')`),
          contains(enquiries.message),
        ),
      );
    }
    if (query.kind !== "all") conditions.push(eq(enquiries.kind, query.kind));
    if (query.status !== "all") conditions.push(eq(enquiries.status, query.status));
    return and(...conditions);
  }

  async function sendReply(
    settings: SiteSettings,
    route: ReplyRoute,
    enquiry: typeof enquiries.$inferSelect,
    reply: string,
  ) {
    // Framed in the language the enquiry was sent in (issue 48); the admin's own words as written.
    const words = i18nIn(enquiry.locale);
    const { t: say, dateTime } = words;
    const shopName = shopNameIn(words, settings.shopName);
    if (route.channel === "sms") {
      await providers.sms.send({ to: route.to, body: say("reply.sms", { shopName, reply }) });
      return;
    }
    const supportUrl = `https://wa.me/${settings.supportWhatsapp.replace(/\D/g, "")}`;
    const letter = renderReplyEmail({
      greeting: enquiry.name ? say("reply.greeting", { name: enquiry.name }) : say("reply.greetingAnonymous"),
      reply,
      quote: { label: say("reply.quote", { date: dateTime(enquiry.createdAt) }), text: enquiry.message },
      shopName,
      footer: [
        say("reply.support", { phone: displayWhatsapp(settings.supportWhatsapp) }),
        say("reply.note", { shopName }),
      ],
      supportUrl,
      lang: enquiry.locale,
    });
    await providers.email.send({ to: route.to, subject: say("reply.subject", { shopName }), ...letter });
  }

  return {
    /** /admin/feedback: one page, newest first, with the total for paging. */
    async list(query: EnquiryListQuery) {
      const where = listFilter(query);
      const listed = await readListPage(
        query,
        db.select({ total: count() }).from(enquiries).where(where),
        db
          .select({
            id: enquiries.id,
            kind: enquiries.kind,
            status: enquiries.status,
            name: enquiries.name,
            company: enquiries.company,
            phone: enquiries.phone,
            email: enquiries.email,
            message: sql<string>`left(${enquiries.message}, ${LIST_MESSAGE_CHARS})`,
            createdAt: enquiries.createdAt,
            readAt: enquiries.readAt,
          })
          .from(enquiries)
          .where(where)
          .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
          .$dynamic(),
      );
      return {
        ...listed,
        rows: listed.rows.map(({ message, ...row }) => ({ ...row, excerpt: excerpt(message) })),
      };
    },

    /** Messages no admin has opened yet: the count beside the menu entry. */
    async countUnread(): Promise<number> {
      const [row] = await db.select({ unread: count() }).from(enquiries).where(isNull(enquiries.readAt));
      return row?.unread ?? 0;
    },

    /** One message for its page; opening it marks it read (the first time only). */
    async open(id: number) {
      const [found] = await db.select().from(enquiries).where(eq(enquiries.id, id));
      if (!found) return null;
      let enquiry = found;
      if (!found.readAt) {
        const [marked] = await db
          .update(enquiries)
          .set({ readAt: sql`coalesce(${enquiries.readAt}, now())` })
          .where(eq(enquiries.id, id))
          .returning();
        enquiry = marked ?? found;
      }
      const [replies, history] = await Promise.all([
        db
          .select({
            id: enquiryReplies.id,
            channel: enquiryReplies.channel,
            to: enquiryReplies.to,
            body: enquiryReplies.body,
            createdAt: enquiryReplies.createdAt,
            adminLastName: members.lastName,
            adminFirstName: members.firstName,
          })
          .from(enquiryReplies)
          .leftJoin(members, eq(enquiryReplies.adminId, members.id))
          .where(eq(enquiryReplies.enquiryId, id))
          .orderBy(asc(enquiryReplies.createdAt), asc(enquiryReplies.id)),
        listAudit(db, { entity: "enquiry", entityId: String(id), limit: 20 }),
      ]);
      return { enquiry, replies, history, route: replyRoute(enquiry) };
    },

    /** How a reply to this message would travel (the reply form's limit depends on it); null if missing. */
    async replyTarget(id: number): Promise<{ status: EnquiryStatus; route: ReplyRoute | null } | null> {
      const [enquiry] = await db
        .select({ status: enquiries.status, email: enquiries.email, phone: enquiries.phone })
        .from(enquiries)
        .where(eq(enquiries.id, id));
      return enquiry ? { status: enquiry.status, route: replyRoute(enquiry) } : null;
    },

    /**
     * Sends the reply, then keeps it in the thread. The send happens before anything is stored and
     * outside any transaction (a provider may itself write, to the outbox: issue 26), so a provider
     * that refuses leaves nothing stored and the admin can try again.
     */
    async reply(actorId: string, id: number, body: string): Promise<ReplyResult> {
      const settings = await site.getSettings();
      const [enquiry] = await db.select().from(enquiries).where(eq(enquiries.id, id));
      if (!enquiry) return { status: "not_found" };
      if (enquiry.status === "closed") return { status: "closed" };
      const route = replyRoute(enquiry);
      if (!route) return { status: "no_contact" };
      try {
        await sendReply(settings, route, enquiry, body);
      } catch (error) {
        log.error({ err: error, enquiryId: id, channel: route.channel }, "enquiry reply not sent");
        return { status: "send_failed" };
      }
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for("update");
        await tx.insert(enquiryReplies).values({ enquiryId: id, adminId: actorId, ...route, body });
        // A reply closes nothing: a message closed while this one was being sent stays closed.
        if (current && current.status !== "closed") {
          await tx
            .update(enquiries)
            .set({ status: "replied", readAt: sql`coalesce(${enquiries.readAt}, now())` })
            .where(eq(enquiries.id, id));
        }
        await recordAudit(tx, {
          actorId,
          action: "enquiry.reply",
          entity: "enquiry",
          entityId: String(id),
          before: { status: current?.status ?? enquiry.status },
          after: { status: "replied", channel: route.channel, to: route.to },
        });
      });
      return { status: "sent", route };
    },

    /** Close (nothing more to do) or reopen (back to replied or new), audited when it changes. */
    async setClosed(actorId: string, id: number, closed: boolean): Promise<StatusChangeResult> {
      return db.transaction(async (tx): Promise<StatusChangeResult> => {
        const [enquiry] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for("update");
        if (!enquiry) return { status: "not_found" };
        let next: EnquiryStatus;
        if (closed) {
          next = "closed";
        } else {
          if (enquiry.status !== "closed") return { status: "ok", changed: false };
          const [replies] = await tx
            .select({ total: count() })
            .from(enquiryReplies)
            .where(eq(enquiryReplies.enquiryId, id));
          next = reopenedStatus(replies?.total ?? 0);
        }
        if (next === enquiry.status) return { status: "ok", changed: false };
        await tx.update(enquiries).set({ status: next }).where(eq(enquiries.id, id));
        await recordAudit(tx, {
          actorId,
          action: closed ? "enquiry.close" : "enquiry.reopen",
          entity: "enquiry",
          entityId: String(id),
          before: { status: enquiry.status },
          after: { status: next },
        });
        return { status: "ok", changed: true };
      });
    },
  };
}
