import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { auditLog, emailCampaignRecipients, emailCampaigns, members } from "../../app/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory } from "../helpers/factories.ts";
import { freePort, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { type FakeSmtp, startFakeSmtp } from "../helpers/smtp.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";

/**
 * /admin/email and /unsubscribe over HTTP on the production build, with the server sending through
 * a local SMTP server (SMTP_URL): who may reach each URL, a campaign with script in it from compose
 * to every opted-in member's inbox, sending twice, and the unsubscribe link as a member follows it.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-email-"));
let server: ServedShop;
let smtp: FakeSmtp;
let admin: MemberRow;
let member: MemberRow;
const optedIn: MemberRow[] = [];
const cookies: Record<"anonymous" | "member" | "admin", string | undefined> = {
  anonymous: undefined,
  member: undefined,
  admin: undefined,
};
type Who = keyof typeof cookies;

const XSS = [
  "# 本週優惠",
  "",
  '<script>alert("xss")</script> <img src=x onerror=alert(1)>',
  "",
  "[按我](javascript:alert(document.cookie)) [data](data:text/html,<script>alert(1)</script>)",
].join("\n");

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

function send(who: Who, method: "GET" | "POST", url: string, form?: Record<string, string>) {
  const headers: Record<string, string> = {};
  if (cookies[who]) headers.cookie = cookies[who]!;
  let body: string | undefined;
  if (form) {
    body = new URLSearchParams(form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return request(server.url, url, { method, headers, body });
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  await createCategory(database.db);
  admin = await createMember(database.db, { type: "admin", email: "boss@shop.example" });
  member = await createMember(database.db, { agreePromotion: false });
  for (let i = 0; i < 5; i++) optedIn.push(await createMember(database.db, { agreePromotion: true }));
  cookies.admin = await sessionCookie(admin.id);
  cookies.member = await sessionCookie(member.id);
  const port = await freePort();
  server = await serveShop({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    EMAIL_FROM: "news@shop.example",
    EMAIL_PER_MINUTE: "6000",
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "info",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe("start-up", () => {
  it("logs that email goes out over SMTP", () => {
    expect(server.output()).toMatch(/"email":"smtp"[^\n]*"msg":"providers"/);
  });
});

describe("who may reach /admin/email", () => {
  it("sends visitors to /login and refuses members, on every URL and method", async () => {
    const [draft] = await database.db
      .insert(emailCampaigns)
      .values({ subject: "草稿", bodyMarkdown: "內容", createdBy: admin.id })
      .returning();
    const form = { subject: "主旨", body: "內容", intent: "send" };
    const urls = [
      ["GET", "/admin/email"],
      ["GET", "/admin/email/new"],
      ["GET", `/admin/email/${draft!.id}/edit`],
      ["GET", `/admin/email/${draft!.id}`],
      ["GET", `/admin/email/${draft!.id}.data?_routes=routes%2Fadmin%2Femail-campaign`],
      ["POST", "/admin/email/new"],
      ["POST", `/admin/email/${draft!.id}/edit`],
    ] as const;
    for (const [method, url] of urls) {
      const anonymous = await send("anonymous", method, url, method === "POST" ? form : undefined);
      if (url.includes(".data")) {
        // Single fetch answers data requests with a redirect instruction, not a 3xx.
        expect(anonymous.status, url).toBe(202);
        expect(anonymous.body, url).toContain("/login?redirectTo=");
      } else {
        expect(anonymous.status, url).toBe(302);
        expect(anonymous.headers.location, url).toMatch(/^\/login\?redirectTo=/);
      }
      const asMember = await send("member", method, url, method === "POST" ? form : undefined);
      expect(asMember.status, url).toBe(403);
    }
    // Nothing was queued or sent by anyone who is not an admin.
    const [still] = await database.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, draft!.id));
    expect(still!.status).toBe("draft");
    expect(smtp.received).toHaveLength(0);
  });
});

describe("a campaign from compose to inboxes", () => {
  let campaignId: number;

  it("refuses an empty subject in zh-HK", async () => {
    const response = await send("admin", "POST", "/admin/email/new", {
      subject: "",
      body: "內容",
      intent: "save",
    });
    expect(response.status).toBe(400);
    expect(response.body).toContain("必須填寫");
  });

  it("saves a draft with script in it and shows it back as text, never as markup", async () => {
    const saved = await send("admin", "POST", "/admin/email/new", {
      subject: "<b>優惠</b>",
      body: XSS,
      intent: "save",
    });
    expect(saved.status).toBe(302);
    const location = saved.headers.location ?? "";
    expect(location).toMatch(/^\/admin\/email\/\d+\/edit$/);
    campaignId = Number(location.split("/")[3]);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "email_campaign.create"), eq(auditLog.entityId, String(campaignId))));
    expect(audit?.actorId).toBe(admin.id);

    const page = await send("admin", "GET", location);
    expect(page.status).toBe(200);
    expect(page.body).not.toMatch(/<script>alert|<img src=x|href="javascript:/i);
    // The editor holds the text; the preview frame's document is escaped inside srcdoc.
    expect(page.body).toContain("&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;");
    expect(page.body).toMatch(/<iframe[^>]+srcDoc="[^"]*&amp;lt;script&amp;gt;/i);
    expect(page.body).toContain("現時有 5 位會員同意接收推廣資訊");
  });

  it("sends a test to the signed-in admin only", async () => {
    const tested = await send("admin", "POST", `/admin/email/${campaignId}/edit`, {
      subject: "<b>優惠</b>",
      body: XSS,
      intent: "test",
    });
    expect(tested.status).toBe(302);
    await expect
      .poll(() => smtp.countTo(admin.email), { timeout: 30_000, interval: 100, message: "the test email" })
      .toBe(1);
    const [test] = smtp.received;
    expect(test?.to).toEqual([admin.email]);
    expect(test?.header("subject")).toBeDefined();
    expect(smtp.received).toHaveLength(1);
    const [campaign] = await database.db
      .select()
      .from(emailCampaigns)
      .where(eq(emailCampaigns.id, campaignId));
    expect(campaign!.status).toBe("draft");
  });

  it("sends to every opted-in member once, shows progress to the end, and does not send twice", async () => {
    const sent = await send("admin", "POST", `/admin/email/${campaignId}/edit`, {
      subject: "<b>優惠</b>",
      body: XSS,
      intent: "send",
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.location).toBe(`/admin/email/${campaignId}`);
    await expect
      .poll(
        async () => {
          const [row] = await database.db
            .select()
            .from(emailCampaigns)
            .where(eq(emailCampaigns.id, campaignId));
          return row?.status;
        },
        { timeout: 30_000, interval: 100, message: "the campaign to finish" },
      )
      .toBe("sent");
    for (const recipient of optedIn) expect(smtp.countTo(recipient.email), recipient.email).toBe(1);
    expect(smtp.countTo(member.email)).toBe(0);

    const page = await send("admin", "GET", `/admin/email/${campaignId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("已處理 5 / 5（100%）");
    expect(page.body).toContain("已完成");

    // Again, from the (old) compose page and by its own address: nothing more goes out.
    const again = await send("admin", "POST", `/admin/email/${campaignId}/edit`, {
      subject: "<b>優惠</b>",
      body: XSS,
      intent: "send",
    });
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe(`/admin/email/${campaignId}`);
    // The sender sends only recipients queued `pending` in a campaign that is `sending`: with the
    // campaign still `sent` and every recipient `sent` once the answer is back, nothing more can go.
    const [after] = await database.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
    expect(after?.status).toBe("sent");
    const queue = await database.db
      .select({ status: emailCampaignRecipients.status })
      .from(emailCampaignRecipients)
      .where(eq(emailCampaignRecipients.campaignId, campaignId));
    expect(queue.map((row) => row.status)).toEqual(optedIn.map(() => "sent"));
    for (const recipient of optedIn) expect(smtp.countTo(recipient.email)).toBe(1);
    const sends = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "email_campaign.send"), eq(auditLog.entityId, String(campaignId))));
    expect(sends).toHaveLength(1);
  });

  it("delivers the body inert, with the shop's footer and a working unsubscribe link", async () => {
    const recipient = optedIn[0]!;
    const mail = smtp.received.find((m) => m.to.includes(recipient.email))!;
    const listUnsubscribe = mail.header("list-unsubscribe") ?? "";
    const link = /^<(http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=[\w.-]+)>$/.exec(listUnsubscribe)?.[1];
    expect(link).toBeDefined();
    const html = mail.htmlPart();
    expect(html).not.toMatch(/<script|<img src=x|href="javascript:|href="data:/i);
    expect(html).toContain("&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;");
    expect(html).toContain(link!.replaceAll("&", "&amp;"));
    expect(html).toContain("你收到此電郵，是因為你同意接收齊齊買的推廣資訊。");
    expect(html).toMatch(/如有查詢，請 WhatsApp \+852 \d{4} \d{4} 聯絡齊齊買客戶服務。/);
    const url = new URL(link!);

    const asked = await request(server.url, url.pathname + url.search);
    expect(asked.status).toBe(200);
    expect(asked.body).toContain("確認取消訂閱");
    expect(asked.body).toContain(recipient.email);
    // Following the link only asks; the member still agrees until they confirm.
    let [row] = await database.db.select().from(members).where(eq(members.id, recipient.id));
    expect(row!.agreePromotion).toBe(true);

    const confirmed = await request(server.url, "/unsubscribe", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: url.searchParams.get("token")! }).toString(),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toContain("已取消訂閱");
    [row] = await database.db.select().from(members).where(eq(members.id, recipient.id));
    expect(row!.agreePromotion).toBe(false);
  });
});

describe("unsubscribe links", () => {
  it("lets a mail app unsubscribe in one click (RFC 8058)", async () => {
    const recipient = optedIn[1]!;
    const token = await database.services.messages.campaigns.unsubscribeToken(
      recipient.id,
      new Date(Date.now() + 3_600_000),
    );
    const response = await request(server.url, `/unsubscribe?token=${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    const [row] = await database.db.select().from(members).where(eq(members.id, recipient.id));
    expect(row!.agreePromotion).toBe(false);
  });

  it("answers a forged or expired link with a zh-HK page and changes nothing", async () => {
    const recipient = optedIn[2]!;
    const genuine = await database.services.messages.campaigns.unsubscribeToken(
      recipient.id,
      new Date(Date.now() + 3_600_000),
    );
    const expired = await database.services.messages.campaigns.unsubscribeToken(
      recipient.id,
      new Date(Date.now() - 1_000),
    );
    const mac = genuine.split(".")[2]!;
    const forged = genuine.replace(mac, `${mac.slice(0, 5)}${mac[5] === "A" ? "B" : "A"}${mac.slice(6)}`);
    for (const [token, title] of [
      [forged, "連結無效"],
      ["", "連結無效"],
      ["not-a-token", "連結無效"],
      [expired, "連結已過期"],
    ] as const) {
      const shown = await request(server.url, `/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(shown.status, token).toBe(400);
      expect(shown.body, token).toContain(title);
      expect(shown.body, token).not.toContain("確認取消訂閱");
      const posted = await request(server.url, "/unsubscribe", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }).toString(),
      });
      expect(posted.status, token).toBe(400);
      expect(posted.body, token).toContain(title);
    }
    const [row] = await database.db.select().from(members).where(eq(members.id, recipient.id));
    expect(row!.agreePromotion).toBe(true);
  });
});
