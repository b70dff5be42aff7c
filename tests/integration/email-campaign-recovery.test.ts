import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../app/db/client.server.ts";
import { emailCampaignRecipients, emailCampaigns, members } from "../../app/db/schema/index.ts";
import { parseEnv } from "../../app/env.server.ts";
import { createServices, type Services } from "../../app/services/context.server.ts";
import {
  type CampaignSenderOptions,
  createCampaignSender,
} from "../../app/services/messages/campaign-sender.server.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { lookedAgain, watchedQueue } from "../helpers/queue-watch.ts";
import { type FakeSmtp, startFakeSmtp } from "../helpers/smtp.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";

/**
 * The campaign sender's edge cases (decision 0007) on a handful of members: a crash mid-send, a
 * crashed sender's claim, a connection broken after the message was handed over, a refused
 * address, a member who says no while queued, the pace, and the unsubscribe token.
 */

const database = setupTestDatabase();
const log = pino({ level: "silent" });
let smtp: FakeSmtp;
let services: Services;
let admin: MemberRow;

function senderWith(options: Partial<CampaignSenderOptions> = {}, db: Db = database.db) {
  return createCampaignSender(
    { db, log, env: parseEnv({}) },
    {
      email: services.providers.email,
      campaigns: services.messages.campaigns,
      getSettings: services.site.getSettings,
    },
    { pollMs: 30, retryBaseMs: 30, retryMaxMs: 200, perMinute: 100_000, ...options },
  );
}

async function finished(campaignId: number) {
  const [row] = await database.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
  return row?.status === "sent";
}

async function recipient(campaignId: number, memberId: string) {
  const [row] = await database.db
    .select()
    .from(emailCampaignRecipients)
    .where(
      and(eq(emailCampaignRecipients.campaignId, campaignId), eq(emailCampaignRecipients.memberId, memberId)),
    );
  return row!;
}

/** Members who agreed to promotions, the only ones a new campaign goes to. */
async function optedIn(count: number): Promise<MemberRow[]> {
  const created: MemberRow[] = [];
  for (let i = 0; i < count; i++) created.push(await createMember(database.db, { agreePromotion: true }));
  return created;
}

async function queuedCampaign(subject: string): Promise<number> {
  const id = await services.messages.campaigns.create(admin.id, { subject, body: `${subject}內容` });
  const started = await services.messages.campaigns.startSending(admin.id, id);
  expect(started.status).toBe("started");
  return id;
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  services = createServices({
    db: database.db,
    log,
    env: parseEnv({
      SMTP_URL: smtp.url,
      PUBLIC_URL: "https://shop.example",
      EMAIL_FROM: "news@shop.example",
    }),
  });
  admin = await createMember(database.db, { type: "admin", email: "boss@shop.example" });
});

beforeEach(async () => {
  // Each test mails only the members it creates.
  await database.db.update(members).set({ agreePromotion: false });
  await smtp.setMode("accept");
});

afterAll(async () => {
  await smtp?.close();
});

describe("after a crash", () => {
  it("marks a recipient left `sending` as failed, never sends it again, and takes over a dead sender's claim", async () => {
    const [interrupted, claimedByDeadSender, claimedByLiveSender] = await optedIn(3);
    const id = await queuedCampaign("當機後");
    const key = (memberId: string) =>
      and(eq(emailCampaignRecipients.campaignId, id), eq(emailCampaignRecipients.memberId, memberId));
    // A sender died an hour ago, mid-send for one member and holding a claim on another.
    await database.db
      .update(emailCampaignRecipients)
      .set({ status: "sending", attempts: 1, claimedAt: sql`now() - interval '1 hour'` })
      .where(key(interrupted!.id));
    await database.db
      .update(emailCampaignRecipients)
      .set({ claimedAt: sql`now() - interval '1 hour'` })
      .where(key(claimedByDeadSender!.id));
    // Another sender claimed this one just now: it is left alone until the claim runs out.
    await database.db
      .update(emailCampaignRecipients)
      .set({ claimedAt: sql`now()` })
      .where(key(claimedByLiveSender!.id));

    const sender = senderWith({ leaseMs: 1_500, staleSendingMs: 60_000 });
    const startedAt = Date.now();
    sender.start();
    await expect
      .poll(() => finished(id), { timeout: 10_000, interval: 20, message: "the campaign to finish" })
      .toBe(true);
    await sender.stop();

    expect(await recipient(id, interrupted!.id)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await recipient(id, interrupted!.id)).lastError).toMatch(/^unknown: /);
    expect(smtp.countTo(interrupted!.email)).toBe(0);
    expect(await recipient(id, claimedByDeadSender!.id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(smtp.countTo(claimedByDeadSender!.email)).toBe(1);
    expect(await recipient(id, claimedByLiveSender!.id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(smtp.countTo(claimedByLiveSender!.email)).toBe(1);
    // The live claim was respected until it ran out.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_000);
  });
});

describe("what the mail server says", () => {
  it("does not send again when the connection broke after the message was handed over", async () => {
    const [member] = await optedIn(1);
    await smtp.setMode("drop-after-data");
    const id = await queuedCampaign("斷線");
    const queue = watchedQueue(database.db);
    const sender = senderWith({}, queue.db);
    sender.start();
    await expect
      .poll(() => finished(id), { timeout: 10_000, interval: 20, message: "the campaign to finish" })
      .toBe(true);
    // The server is back: the sender looks at the queue again and finds nothing to send.
    await smtp.setMode("accept");
    await lookedAgain(queue.looked);
    await sender.stop();

    const row = await recipient(id, member!.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.lastError).toMatch(/^unknown: /);
    expect(smtp.unacknowledged.filter((mail) => mail.to.includes(member!.email))).toHaveLength(1);
    expect(smtp.countTo(member!.email)).toBe(0);
  });

  it("gives up at once on an address the server refuses, and retries one it could not reach", async () => {
    const [refused] = await optedIn(1);
    await smtp.setMode("reject-rcpt");
    const refusedCampaign = await queuedCampaign("拒收");
    const sender = senderWith({ maxAttempts: 10 });
    sender.start();
    await expect
      .poll(() => finished(refusedCampaign), {
        timeout: 10_000,
        interval: 20,
        message: "the refused campaign to finish",
      })
      .toBe(true);
    expect(await recipient(refusedCampaign, refused!.id)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await recipient(refusedCampaign, refused!.id)).lastError).toMatch(/^rejected: .*550/);

    await database.db.update(members).set({ agreePromotion: false });
    const [later] = await optedIn(1);
    await smtp.setMode("closed");
    const retried = await queuedCampaign("稍後重試");
    await expect
      .poll(async () => (await recipient(retried, later!.id)).attempts, {
        timeout: 10_000,
        interval: 20,
        message: "a second attempt",
      })
      .toBeGreaterThanOrEqual(2);
    await smtp.setMode("accept");
    await expect
      .poll(() => finished(retried), {
        timeout: 10_000,
        interval: 20,
        message: "the retried campaign to finish",
      })
      .toBe(true);
    await sender.stop();
    const row = await recipient(retried, later!.id);
    expect(row.status).toBe("sent");
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect(smtp.countTo(later!.email)).toBe(1);
  });

  it("gives up after the last attempt", async () => {
    const [member] = await optedIn(1);
    await smtp.setMode("closed");
    const id = await queuedCampaign("多次失敗");
    const sender = senderWith({ maxAttempts: 3, retryBaseMs: 10, retryMaxMs: 20 });
    sender.start();
    await expect
      .poll(() => finished(id), { timeout: 10_000, interval: 20, message: "the campaign to finish" })
      .toBe(true);
    await sender.stop();
    const row = await recipient(id, member!.id);
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row.lastError).toMatch(/^unavailable: /);
  });
});

describe("members who say no", () => {
  it("sends nothing to a member who unsubscribed or turned promotions off after the campaign was queued", async () => {
    const [viaLink, viaProfile, stays] = await optedIn(3);
    const id = await queuedCampaign("中途取消");
    const token = await services.messages.campaigns.unsubscribeToken(
      viaLink!.id,
      new Date(Date.now() + 86_400_000),
    );
    expect(await services.messages.campaigns.unsubscribe(token)).toEqual({
      status: "done",
      email: viaLink!.email,
    });
    await database.db.update(members).set({ agreePromotion: false }).where(eq(members.id, viaProfile!.id));

    const sender = senderWith();
    sender.start();
    await expect
      .poll(() => finished(id), { timeout: 10_000, interval: 20, message: "the campaign to finish" })
      .toBe(true);
    await sender.stop();
    for (const member of [viaLink!, viaProfile!]) {
      expect(await recipient(id, member.id)).toMatchObject({ status: "failed", lastError: "unsubscribed" });
      expect(smtp.countTo(member.email)).toBe(0);
    }
    expect(await recipient(id, stays!.id)).toMatchObject({ status: "sent" });
  });
});

describe("pace", () => {
  it("sends no faster than EMAIL_PER_MINUTE", async () => {
    const group = await optedIn(6);
    const id = await queuedCampaign("慢慢寄");
    const sender = senderWith({ perMinute: 600 });
    const startedAt = Date.now();
    sender.start();
    await expect
      .poll(() => finished(id), { timeout: 10_000, interval: 20, message: "the campaign to finish" })
      .toBe(true);
    await sender.stop();
    // Six emails at 600 a minute: five gaps of 100 ms at least.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(500);
    for (const member of group) expect(smtp.countTo(member.email)).toBe(1);
  });
});

describe("unsubscribe tokens", () => {
  it("turns agreePromotion off for a genuine link and refuses forged or expired ones", async () => {
    const [member] = await optedIn(1);
    const now = new Date();
    const genuine = await services.messages.campaigns.unsubscribeToken(
      member!.id,
      new Date(now.getTime() + 60_000),
    );
    const expired = await services.messages.campaigns.unsubscribeToken(
      member!.id,
      new Date(now.getTime() - 1_000),
    );
    const mac = genuine.split(".")[2]!;
    const forged = genuine.replace(mac, `${mac.slice(0, 5)}${mac[5] === "A" ? "B" : "A"}${mac.slice(6)}`);

    expect(await services.messages.campaigns.checkUnsubscribe(forged)).toEqual({ status: "forged" });
    expect(await services.messages.campaigns.unsubscribe(forged)).toEqual({ status: "forged" });
    expect(await services.messages.campaigns.checkUnsubscribe(expired)).toEqual({ status: "expired" });
    expect(await services.messages.campaigns.unsubscribe(expired)).toEqual({ status: "expired" });
    const [still] = await database.db.select().from(members).where(eq(members.id, member!.id));
    expect(still!.agreePromotion).toBe(true);

    expect(await services.messages.campaigns.checkUnsubscribe(genuine)).toEqual({
      status: "valid",
      email: member!.email,
      agreePromotion: true,
    });
    expect(await services.messages.campaigns.unsubscribe(genuine)).toEqual({
      status: "done",
      email: member!.email,
    });
    const [after] = await database.db.select().from(members).where(eq(members.id, member!.id));
    expect(after!.agreePromotion).toBe(false);
    // Following the link again is harmless.
    expect(await services.messages.campaigns.unsubscribe(genuine)).toEqual({
      status: "done",
      email: member!.email,
    });
  });
});
