import { eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { auditLog, enquiries, enquiryReplies } from "~/db/schema/index.ts";
import { parseEnv } from "~/env.server.ts";
import { type EmailMessage, EmailSendError } from "~/integrations/email/email-provider.ts";
import type { SmsMessage } from "~/integrations/sms/sms-provider.ts";
import { setupTestDatabase } from "../../../tests/helpers/database.ts";
import { createMember } from "../../../tests/integration/admin-fixtures.ts";
import { createServices } from "../context.server.ts";

const database = setupTestDatabase();

/** The inbox with providers that keep what they are given, or refuse while `failing` is set. */
function inboxWithProviders() {
  const emails: EmailMessage[] = [];
  const sms: SmsMessage[] = [];
  const state = { failing: false };
  const services = createServices(
    { db: database.db, log: pino({ level: "silent" }), env: parseEnv({}) },
    {
      email: {
        name: "recording",
        async send(message) {
          if (state.failing) throw new EmailSendError("421 try later");
          emails.push(message);
        },
      },
      sms: {
        name: "recording",
        async send(message) {
          sms.push(message);
        },
      },
    },
  );
  return { inbox: services.messages.inbox, emails, sms, state };
}

async function insertEnquiry(fields: Partial<typeof enquiries.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(enquiries)
    .values({ kind: "feedback", name: "陳大文", message: "你好", ...fields })
    .returning();
  return row!;
}

describe("enquiry inbox: replies", () => {
  it("sends an HTML part with the reply and the customer's message escaped, and a plain-text part", async () => {
    const { inbox, emails } = inboxWithProviders();
    const admin = await createMember(database.db, { type: "admin" });
    const attack = `<script>alert("x")</script><a href="javascript:alert(1)">按我</a>`;
    const enquiry = await insertEnquiry({ name: attack, email: "chan@example.hk", message: attack });

    expect(await inbox.reply(admin.id, enquiry.id, `回覆 ${attack}`)).toEqual({
      status: "sent",
      route: { channel: "email", to: "chan@example.hk" },
    });
    const [mail] = emails;
    expect(mail?.to).toBe("chan@example.hk");
    expect(mail?.subject).toContain("回覆你的查詢");
    expect(mail?.html).not.toMatch(/<script|<a href="javascript/);
    expect(mail?.html).toContain("回覆 &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail?.html).toContain("客服 WhatsApp");
    expect(mail?.text).toContain(`回覆 ${attack}`);
  });

  it("stores nothing and changes nothing when the email provider refuses, so the admin can try again", async () => {
    const { inbox, emails, state } = inboxWithProviders();
    const admin = await createMember(database.db, { type: "admin" });
    const enquiry = await insertEnquiry({ email: "later@example.hk" });

    state.failing = true;
    expect(await inbox.reply(admin.id, enquiry.id, "第一次")).toEqual({ status: "send_failed" });
    expect(
      await database.db.select().from(enquiryReplies).where(eq(enquiryReplies.enquiryId, enquiry.id)),
    ).toEqual([]);
    expect(
      await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(enquiry.id))),
    ).toEqual([]);
    const [unchanged] = await database.db.select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(unchanged?.status).toBe("new");

    state.failing = false;
    expect((await inbox.reply(admin.id, enquiry.id, "第二次")).status).toBe("sent");
    expect(emails.map((mail) => mail.to)).toEqual(["later@example.hk"]);
    const thread = await database.db
      .select()
      .from(enquiryReplies)
      .where(eq(enquiryReplies.enquiryId, enquiry.id));
    expect(thread.map((reply) => reply.body)).toEqual(["第二次"]);
  });

  it("texts a customer who left only a phone, and answers not_found for a missing message", async () => {
    const { inbox, sms, emails } = inboxWithProviders();
    const admin = await createMember(database.db, { type: "admin" });
    const enquiry = await insertEnquiry({ phone: "61234567" });
    expect((await inbox.reply(admin.id, enquiry.id, "已收到")).status).toBe("sent");
    expect(sms).toEqual([{ to: "61234567", body: expect.stringContaining("已收到") }]);
    expect(emails).toEqual([]);
    expect(await inbox.reply(admin.id, 987_654_321, "x")).toEqual({ status: "not_found" });
  });

  it("reopens an answered message as replied and one never answered as new", async () => {
    const { inbox } = inboxWithProviders();
    const admin = await createMember(database.db, { type: "admin" });
    const answered = await insertEnquiry({ email: "answered@example.hk" });
    await inbox.reply(admin.id, answered.id, "好的");
    const silent = await insertEnquiry({ email: "silent@example.hk" });
    for (const id of [answered.id, silent.id]) {
      expect(await inbox.setClosed(admin.id, id, true)).toEqual({ status: "ok", changed: true });
      expect(await inbox.setClosed(admin.id, id, true)).toEqual({ status: "ok", changed: false });
      expect(await inbox.setClosed(admin.id, id, false)).toEqual({ status: "ok", changed: true });
    }
    const statuses = await database.db
      .select({ id: enquiries.id, status: enquiries.status })
      .from(enquiries)
      .where(eq(enquiries.email, "answered@example.hk"));
    expect(statuses[0]?.status).toBe("replied");
    const [silentRow] = await database.db.select().from(enquiries).where(eq(enquiries.id, silent.id));
    expect(silentRow?.status).toBe("new");
  });
});
