import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { auditLog, enquiries, enquiryReplies, siteSettings } from "../../app/db/schema/index.ts";
import { ENQUIRY_MESSAGE_MAX } from "../../app/domain/messages/enquiry-options.ts";
import { devOutbox } from "../helpers/auth-http.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory } from "../helpers/factories.ts";
import { freePort, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";

/**
 * Issue 7 items 1 and 2 over HTTP, as a browser reaches them: the contact form's one action at
 * /contact (valid, invalid, oversized, script), and the /admin/feedback inbox: admins only, read
 * marking, filters, replies through the demo outbox by email or by SMS, close and reopen.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-messages-"));
let server: ServedShop;
let admin: MemberRow;
let member: MemberRow;
const cookies: Record<"anonymous" | "member" | "admin", string | undefined> = {
  anonymous: undefined,
  member: undefined,
  admin: undefined,
};

const XSS = `<script>alert("xss")</script><img src=x onerror="alert(1)">`;

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  // Any shop content stops the server seeding the demo shop into this database.
  await createCategory(database.db);
  await database.db
    .insert(siteSettings)
    .values({ id: 1, shopName: "齊齊買測試店", supportWhatsapp: "85255556666" })
    .onConflictDoUpdate({
      target: siteSettings.id,
      set: { shopName: "齊齊買測試店", supportWhatsapp: "85255556666" },
    });
  admin = await createMember(database.db, { type: "admin", lastName: "管", firstName: "理員" });
  member = await createMember(database.db, {
    lastName: "黃",
    firstName: "小玲",
    phone: "62345678",
    email: "siuling@example.hk",
  });
  cookies.admin = await sessionCookie(admin.id);
  cookies.member = await sessionCookie(member.id);
  fs.chmodSync(dataDir, 0o755);
  server = await serveShop({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
    // These tests play clients on addresses of their own through X-Forwarded-For, as a proxy on loopback would (TRUST_PROXY).
    TRUST_PROXY: "loopback",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

type Who = keyof typeof cookies;

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

const contact = (fields: Record<string, string>) =>
  send("anonymous", "POST", "/contact", { name: "", phone: "", email: "", message: "", ...fields });

async function allEnquiries() {
  return database.db.select().from(enquiries).orderBy(desc(enquiries.id));
}

async function newestEnquiry() {
  const [row] = await allEnquiries();
  return row!;
}

/** An enquiry as a form or a supplier would leave it; `readAt` unset, status new. */
async function insertEnquiry(fields: Partial<typeof enquiries.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(enquiries)
    .values({ kind: "feedback", name: "測試客", message: "測試訊息", ...fields })
    .returning();
  return row!;
}

/** Rows of the inbox table: the link text of each sender, in order. */
function listedNames(html: string): string[] {
  return [...html.matchAll(/href="\/admin\/feedback\/(\d+)"[^>]*>([^<]*)</g)].map((match) => match[2]!);
}

describe("the contact form's action (POST /contact)", () => {
  it("stores a visitor's message with a phone as new customer feedback", async () => {
    const response = await contact({ name: "陳大文", phone: "9123 4567", message: "請問星期六有冇得取貨？" });
    expect(response.status).toBe(200);
    expect(await newestEnquiry()).toMatchObject({
      kind: "feedback",
      status: "new",
      name: "陳大文",
      phone: "91234567",
      email: null,
      message: "請問星期六有冇得取貨？",
      readAt: null,
    });
  });

  it("refuses a message without a way to reply, and one without text, naming each field in zh-HK", async () => {
    const before = (await allEnquiries()).length;
    const response = await contact({ name: "陳大文", message: "" });
    expect(response.status).toBe(400);
    expect(response.body).toContain("必須填寫");
    expect(response.body).toContain("請填寫電話號碼或電郵，方便我們回覆");
    const badFormats = await contact({ name: "陳", phone: "1234", email: "not-an-email", message: "hi" });
    expect(badFormats.status).toBe(400);
    expect(badFormats.body).toContain("電話號碼必須為8位數字");
    expect(badFormats.body).toContain("電郵格式不正確");
    expect((await allEnquiries()).length).toBe(before);
  });

  it(`refuses a message over ${ENQUIRY_MESSAGE_MAX} characters`, async () => {
    const before = (await allEnquiries()).length;
    const response = await contact({
      name: "陳大文",
      email: "chan@example.hk",
      message: "長".repeat(ENQUIRY_MESSAGE_MAX + 1),
    });
    expect(response.status).toBe(400);
    expect(response.body).toContain("內容太長");
    expect((await allEnquiries()).length).toBe(before);
  });

  it("stores script in a message as text; the inbox and the message page show it escaped", async () => {
    const response = await contact({ name: XSS, email: "attacker@example.hk", message: `你好 ${XSS}` });
    expect(response.status).toBe(200);
    const stored = await newestEnquiry();
    expect(stored.message).toBe(`你好 ${XSS}`);
    expect(stored.name).toBe(XSS);

    for (const url of ["/admin/feedback", `/admin/feedback/${stored.id}`]) {
      const page = await send("admin", "GET", url);
      expect(page.status, url).toBe(200);
      expect(page.body, url).toContain("&lt;script&gt;alert(");
      expect(page.body, url).not.toContain("<script>alert");
      expect(page.body, url).not.toContain("<img src=x");
    }
  });

  it("fills the form in for a signed-in member on /qa, /account and /contact; visitors start empty", async () => {
    for (const url of ["/qa", "/account", "/contact"]) {
      const page = await send("member", "GET", url);
      expect(page.status, url).toBe(200);
      expect(page.body, url).toContain('data-testid="contact-form"');
      expect(page.body, url).toContain('value="黃小玲"');
      expect(page.body, url).toContain('value="62345678"');
      expect(page.body, url).toContain('value="siuling@example.hk"');
    }
    const visitor = await send("anonymous", "GET", "/qa");
    expect(visitor.body).toContain('data-testid="contact-form"');
    expect(visitor.body).not.toContain('value="黃小玲"');
  });
});

describe("/admin/feedback for someone who is not an admin", () => {
  it("sends visitors to /login and answers members 403, changing nothing", async () => {
    const enquiry = await insertEnquiry({ email: "guard@example.hk" });
    const routes = [
      ["GET", "/admin/feedback", undefined],
      ["GET", `/admin/feedback/${enquiry.id}`, undefined],
      ["POST", `/admin/feedback/${enquiry.id}`, { intent: "reply", body: "不應寄出" }],
      ["POST", `/admin/feedback/${enquiry.id}`, { intent: "close" }],
    ] as const;
    for (const [method, url, form] of routes) {
      const anonymous = await send("anonymous", method, url, form);
      expect(anonymous.status, `${method} ${url}`).toBe(302);
      expect(anonymous.headers.location).toMatch(/^\/login\?redirectTo=%2Fadmin%2Ffeedback/);
      const forbidden = await send("member", method, url, form);
      expect(forbidden.status, `${method} ${url}`).toBe(403);
    }
    const [after] = await database.db.select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(after).toMatchObject({ status: "new", readAt: null });
    expect(await devOutbox(server.url, "guard@example.hk")).toEqual([]);
  });
});

describe("/admin/feedback for an admin", () => {
  it("marks a message read when it is opened, and counts unread messages beside the menu entry", async () => {
    const enquiry = await insertEnquiry({ name: "未讀客", phone: "98765432" });
    const unread = async () => {
      const page = await send("admin", "GET", "/admin/feedback");
      return Number(/(\d+) 則未讀訊息/.exec(page.body)?.[1] ?? 0);
    };
    const before = await unread();
    expect(before).toBeGreaterThan(0);

    const page = await send("admin", "GET", `/admin/feedback/${enquiry.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("未讀客");
    const [opened] = await database.db.select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(opened?.readAt).toBeInstanceOf(Date);
    expect(await unread()).toBe(before - 1);

    // Opening it again keeps the first reading time.
    await send("admin", "GET", `/admin/feedback/${enquiry.id}`);
    const [again] = await database.db.select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(again?.readAt?.getTime()).toBe(opened?.readAt?.getTime());
  });

  it("answers 404 for a message that does not exist or an id that is not one", async () => {
    expect((await send("admin", "GET", "/admin/feedback/99999999")).status).toBe(404);
    expect((await send("admin", "GET", "/admin/feedback/abc")).status).toBe(404);
    expect((await send("admin", "POST", "/admin/feedback/99999999", { intent: "close" })).status).toBe(404);
  });

  it("filters by type and status and searches name, contact, company and text", async () => {
    const token = `篩選${Date.now()}`;
    await insertEnquiry({
      kind: "supplier",
      name: "供應商甲",
      company: `${token}農場`,
      email: "farm@example.hk",
    });
    await insertEnquiry({ kind: "survey", name: "", message: `問卷 ${token}`, answers: { rating: "5" } });
    await insertEnquiry({ kind: "feedback", name: "顧客乙", message: `意見 ${token}`, status: "closed" });

    const names = async (query: string) =>
      listedNames((await send("admin", "GET", `/admin/feedback?${query}`)).body);
    const q = encodeURIComponent(token);
    expect(await names(`q=${q}`)).toEqual(["顧客乙", "（未留名）", "供應商甲"]);
    expect(await names(`q=${q}&type=supplier`)).toEqual(["供應商甲"]);
    expect(await names(`q=${q}&type=survey`)).toEqual(["（未留名）"]);
    expect(await names(`q=${q}&status=closed`)).toEqual(["顧客乙"]);
    expect(await names(`q=${q}&status=replied`)).toEqual([]);
    expect(await names("q=farm%40example")).toEqual(["供應商甲"]);
    // An unknown filter value lists everything rather than failing.
    expect(await names(`q=${q}&type=spam&status=gone`)).toHaveLength(3);
  });

  it("replies by email: the reply lands in the outbox with the shop's footer, is kept in the thread and audited", async () => {
    const enquiry = await insertEnquiry({
      name: "何小姐",
      phone: "61112222",
      email: "ho@example.hk",
      message: "可唔可以送貨到屯門？",
    });
    const reply = `多謝查詢！\n屯門暫時未有自取點。${XSS}`;
    const response = await send("admin", "POST", `/admin/feedback/${enquiry.id}`, {
      intent: "reply",
      body: reply,
    });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(`/admin/feedback/${enquiry.id}`);

    const [mail] = await devOutbox(server.url, "ho@example.hk");
    expect(mail).toMatchObject({ channel: "email", to: "ho@example.hk" });
    expect(mail?.body).toContain("何小姐 你好：");
    expect(mail?.body).toContain(reply);
    expect(mail?.body).toContain("> 可唔可以送貨到屯門？");
    expect(mail?.body).toContain("齊齊買測試店");
    expect(mail?.body).toContain("+852 5555 6666");
    // Email is preferred: no SMS went to the phone.
    expect(await devOutbox(server.url, "61112222")).toEqual([]);

    const [row] = await database.db.select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(row?.status).toBe("replied");
    const thread = await database.db
      .select()
      .from(enquiryReplies)
      .where(eq(enquiryReplies.enquiryId, enquiry.id));
    expect(thread).toMatchObject([{ channel: "email", to: "ho@example.hk", body: reply, adminId: admin.id }]);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(enquiry.id)));
    expect(audit).toMatchObject([{ action: "enquiry.reply", entity: "enquiry", actorId: admin.id }]);

    const page = await send("admin", "GET", `/admin/feedback/${enquiry.id}`);
    expect(page.body).toContain('data-testid="reply-thread"');
    expect(page.body).toContain("電郵至 ho@example.hk");
    expect(page.body).toContain("&lt;script&gt;alert(");
    expect(page.body).not.toContain("<script>alert");
  });

  it("replies by SMS when only a phone was given, and keeps SMS replies short", async () => {
    const enquiry = await insertEnquiry({ name: "李先生", phone: "52223333", message: "幾時截單？" });
    const tooLong = await send("admin", "POST", `/admin/feedback/${enquiry.id}`, {
      intent: "reply",
      body: "字".repeat(501),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toContain("短訊回覆最多 500 字");
    expect(await devOutbox(server.url, "52223333")).toEqual([]);

    const response = await send("admin", "POST", `/admin/feedback/${enquiry.id}`, {
      intent: "reply",
      body: "逢星期日晚上10時截單。",
    });
    expect(response.status).toBe(302);
    const [sms] = await devOutbox(server.url, "52223333");
    expect(sms).toMatchObject({
      channel: "sms",
      to: "52223333",
      body: "【齊齊買測試店】回覆你的查詢：逢星期日晚上10時截單。",
    });
    const thread = await database.db
      .select()
      .from(enquiryReplies)
      .where(eq(enquiryReplies.enquiryId, enquiry.id));
    expect(thread).toMatchObject([{ channel: "sms", to: "52223333" }]);
  });

  it("refuses an empty reply and a reply to a survey that left no contact", async () => {
    const enquiry = await insertEnquiry({ email: "empty@example.hk" });
    const empty = await send("admin", "POST", `/admin/feedback/${enquiry.id}`, {
      intent: "reply",
      body: "  ",
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("必須填寫");

    const survey = await insertEnquiry({ kind: "survey", name: "", message: "" });
    const page = await send("admin", "GET", `/admin/feedback/${survey.id}`);
    expect(page.body).toContain("此訊息沒有留下電話或電郵，無法回覆。");
    const refused = await send("admin", "POST", `/admin/feedback/${survey.id}`, {
      intent: "reply",
      body: "多謝",
    });
    expect(refused.status).toBe(409);
    expect(
      await database.db.select().from(enquiryReplies).where(eq(enquiryReplies.enquiryId, survey.id)),
    ).toEqual([]);
  });

  it("closes and reopens a message, each audited; a closed message takes no reply", async () => {
    const enquiry = await insertEnquiry({ email: "close@example.hk" });
    const statusOf = async () =>
      (await database.db.select().from(enquiries).where(eq(enquiries.id, enquiry.id)))[0]?.status;

    expect((await send("admin", "POST", `/admin/feedback/${enquiry.id}`, { intent: "close" })).status).toBe(
      302,
    );
    expect(await statusOf()).toBe("closed");
    const refused = await send("admin", "POST", `/admin/feedback/${enquiry.id}`, {
      intent: "reply",
      body: "遲來的回覆",
    });
    expect(refused.status).toBe(409);
    expect(await devOutbox(server.url, "close@example.hk")).toEqual([]);

    expect((await send("admin", "POST", `/admin/feedback/${enquiry.id}`, { intent: "reopen" })).status).toBe(
      302,
    );
    expect(await statusOf()).toBe("new");
    const actions = (
      await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(enquiry.id)))
        .orderBy(auditLog.id)
    ).map((entry) => entry.action);
    expect(actions).toEqual(["enquiry.close", "enquiry.reopen"]);

    const unknown = await send("admin", "POST", `/admin/feedback/${enquiry.id}`, { intent: "delete" });
    expect(unknown.status).toBe(400);
  });

  it("lists a supplier enquiry from /cooperation and a survey from /survey in the same inbox", async () => {
    const company = `海港漁業${Date.now()}`;
    const supplier = await send("anonymous", "POST", "/cooperation", {
      company,
      name: "張經理",
      phone: "53334444",
      email: "sales@harbour.example.hk",
      category: "seafood",
      message: "每週可供應新鮮魚類。",
    });
    expect(supplier.status).toBe(200);
    const list = await send("admin", "GET", `/admin/feedback?q=${encodeURIComponent(company)}&type=supplier`);
    expect(listedNames(list.body)).toEqual(["張經理"]);
    expect(list.body).toContain("供應商查詢");

    const stored = await newestEnquiry();
    const page = await send("admin", "GET", `/admin/feedback/${stored.id}`);
    expect(page.body).toContain("供應類別");
    expect(page.body).toContain("海鮮");
  });
});
