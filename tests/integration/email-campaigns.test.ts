import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../app/db/client.server.ts";
import { emailCampaignRecipients, emailCampaigns, members } from "../../app/db/schema/index.ts";
import { parseEnv } from "../../app/env.server.ts";
import type { EmailProvider } from "../../app/integrations/email/email-provider.ts";
import { createServices, type Services } from "../../app/services/context.server.ts";
import { createCampaignSender } from "../../app/services/messages/campaign-sender.server.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { lookedAgain, watchedQueue } from "../helpers/queue-watch.ts";
import { type FakeSmtp, startFakeSmtp } from "../helpers/smtp.ts";
import { createMember } from "./admin-fixtures.ts";

/**
 * Issue 7 item 3: a campaign to 2,000 members through a real SMTP conversation with a server that
 * refuses, drops and disappears part-way, and a sender that is stopped and replaced mid-campaign
 * (an app restart, coming back as two instances). Every member must get exactly one copy, counted at
 * the SMTP server.
 */

const database = setupTestDatabase();
const log = pino({ level: "silent" });
let smtp: FakeSmtp;

/** Fast retries, no pacing to speak of: the behaviour under test is the same, only quicker. */
const testSending = {
  pollMs: 50,
  retryBaseMs: 40,
  retryMaxMs: 300,
  maxAttempts: 8,
  perMinute: 100_000,
};

function freshServices(): Services {
  const env = parseEnv({
    SMTP_URL: smtp.url,
    EMAIL_FROM: "news@shop.example",
    PUBLIC_URL: "https://shop.example",
    EMAIL_PER_MINUTE: "100000",
  });
  return createServices({ db: database.db, log, env });
}

/** Sends the mail server turned away, by any sender: an outage lasts until it has turned some away. */
let turnedAway = 0;

function countingTurnedAway(email: EmailProvider): EmailProvider {
  return {
    name: email.name,
    close: email.close?.bind(email),
    async send(message) {
      try {
        await email.send(message);
      } catch (error) {
        turnedAway += 1;
        throw error;
      }
    },
  };
}

function senderFor(
  services: Services,
  overrides: Parameters<typeof createCampaignSender>[2] = {},
  db: Db = database.db,
) {
  return createCampaignSender(
    { db, log, env: parseEnv({}) },
    {
      email: countingTurnedAway(services.providers.email),
      campaigns: services.messages.campaigns,
      getSettings: services.site.getSettings,
    },
    { ...testSending, ...overrides },
  );
}

async function campaignStatus(id: number) {
  const [row] = await database.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id));
  return row!.status;
}

let admin: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  admin = await createMember(database.db, { type: "admin", email: "boss@shop.example" });
  // 2,000 members who agreed to promotions, and 50 who did not.
  await database.db.execute(sql`
    insert into members (phone, first_name, last_name, email, agree_promotion)
    select (60000000 + g)::text, '會員' || g, '陳', 'member' || g || '@example.com', g <= 2000
    from generate_series(1, 2050) g`);
}, 60_000);

afterAll(async () => {
  await smtp?.close();
});

describe("a campaign to 2,000 members through an unreliable SMTP server and an app restart", () => {
  it("delivers exactly one copy to every member who agreed, and none to anyone else", async () => {
    const first = freshServices();
    expect(first.providers.email.name).toBe("smtp");
    expect(await first.messages.campaigns.optedInCount()).toBe(2000);

    const body = [
      "# 本週優惠",
      "",
      "**和牛**八折 <script>alert('xss')</script>",
      "",
      "[按此](javascript:alert(1)) ![pic](/uploads/emails/beef-640w.webp) [官網](https://shop.example/all)",
    ].join("\n");
    const id = await first.messages.campaigns.create(admin.id, { subject: "本週優惠", body });

    // The server misbehaves at set points of the campaign; the app restarts in the middle.
    const phases: { at: number; run: () => Promise<void> }[] = [];
    let restart: (() => void) | undefined;
    const restarted = new Promise<void>((resolve) => {
      restart = resolve;
    });
    const outage = (at: number, mode: "refuse" | "drop" | "closed") =>
      phases.push({
        at,
        run: async () => {
          const before = turnedAway;
          await smtp.setMode(mode);
          // Down until the senders have been turned away three times: they retried into the outage.
          await expect
            .poll(() => turnedAway, {
              timeout: 30_000,
              interval: 25,
              message: `three sends turned away (${mode})`,
            })
            .toBeGreaterThanOrEqual(before + 3);
          await smtp.setMode("accept");
        },
      });
    outage(300, "refuse");
    outage(700, "drop");
    phases.push({ at: 1100, run: async () => restart?.() });
    outage(1500, "closed");
    const happened: Promise<void>[] = [];
    smtp.onAccepted = (count) => {
      for (const phase of phases.filter((p) => p.at === count)) happened.push(phase.run());
    };

    const started = await first.messages.campaigns.startSending(admin.id, id);
    expect(started).toEqual({ status: "started", recipients: 2000 });

    // The app runs as two instances (one queue, claimed with SKIP LOCKED); both stop at the restart.
    const sendersA = [senderFor(first), senderFor(freshServices())];
    for (const sender of sendersA) sender.start();
    await restarted;
    await Promise.all(sendersA.map((sender) => sender.stop()));
    const sentBeforeRestart = smtp.received.length;
    expect(sentBeforeRestart).toBeGreaterThanOrEqual(1100);
    expect(sentBeforeRestart).toBeLessThan(2000);

    // The app comes back as two instances (new services, new senders) on the same database.
    const second = freshServices();
    const sendersB = [senderFor(second), senderFor(freshServices())];
    for (const sender of sendersB) sender.start();
    await expect
      .poll(() => campaignStatus(id), { timeout: 100_000, interval: 25, message: "the campaign to finish" })
      .toBe("sent");
    await Promise.all(sendersB.map((sender) => sender.stop()));
    await Promise.all(happened);
    expect(happened).toHaveLength(4);

    // Counted at the SMTP server, by recipient: one each.
    const optedIn = await database.db
      .select({ id: members.id, email: members.email, agree: members.agreePromotion })
      .from(members)
      .where(sql`${members.phone} like '6%'`);
    const copies = optedIn.filter((m) => m.agree).map((m) => smtp.countTo(m.email));
    expect(copies).toHaveLength(2000);
    expect(copies.filter((n) => n !== 1)).toEqual([]);
    expect(optedIn.filter((m) => !m.agree).map((m) => smtp.countTo(m.email))).toEqual(Array(50).fill(0));
    expect(smtp.received).toHaveLength(2000);

    const results = await database.db
      .select({ status: emailCampaignRecipients.status, n: sql<number>`count(*)::int` })
      .from(emailCampaignRecipients)
      .where(eq(emailCampaignRecipients.campaignId, id))
      .groupBy(emailCampaignRecipients.status);
    expect(results).toEqual([{ status: "sent", n: 2000 }]);
    // The outages made some recipients wait for a second try.
    const [retried] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailCampaignRecipients)
      .where(sql`${emailCampaignRecipients.campaignId} = ${id} and ${emailCampaignRecipients.attempts} > 1`);
    expect(retried!.n).toBeGreaterThan(0);

    const detail = await second.messages.campaigns.get(id);
    expect(detail?.progress).toMatchObject({ total: 2000, sent: 2000, failed: 0, pending: 0, percent: 100 });
    expect(detail?.campaign.finishedAt).not.toBeNull();

    // Each copy: both parts, a Message-ID per member, the unsubscribe link and headers, inert body.
    const member = optedIn.find((m) => m.agree)!;
    const mail = smtp.received.find((m) => m.to.includes(member.email.toLowerCase()))!;
    expect(mail.header("message-id")).toBe(`<campaign-${id}.${member.id}@shop.example>`);
    expect(mail.header("list-unsubscribe")).toMatch(
      /^<https:\/\/shop\.example\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(mail.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail.header("from")).toContain("news@shop.example");
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    const html = mail.htmlPart();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('src="https://shop.example/uploads/emails/beef-640w.webp"');
    expect(html).toContain("https://shop.example/unsubscribe?token=");
    expect(html).toContain("齊齊買");

    // Sending the same campaign again queues nobody and mails nobody.
    expect(await second.messages.campaigns.startSending(admin.id, id)).toEqual({ status: "already" });
    const queue = watchedQueue(database.db);
    const senderC = senderFor(freshServices(), {}, queue.db);
    senderC.start();
    await lookedAgain(queue.looked);
    await senderC.stop();
    expect(smtp.received).toHaveLength(2000);
    // About 15 s on an idle machine; the margin is for a loaded CI runner.
  }, 120_000);
});
