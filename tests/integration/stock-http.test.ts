import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { auditLog, products, stockImports } from "../../app/db/schema/index.ts";
import { CSV_BOM } from "../../app/domain/shared/csv.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory } from "../helpers/factories.ts";
import { freePort } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember, type MemberRow } from "./admin-fixtures.ts";
import { createProduct, type ProductRow } from "./catalogue-fixtures.ts";

/**
 * /admin/stock over HTTP on this file's own database (issue 4 item 6, DESIGN §4.7): CSV preview and
 * all-or-nothing commit, every bad file, 10,000 rows, the export read back, adjustments racing on
 * one row, and the back office's door: admins only.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-stock-"));
let server: ServedShop;
let admin: MemberRow;
let categoryId: number;
const cookies: Record<"anonymous" | "member" | "admin", string | undefined> = {
  anonymous: undefined,
  member: undefined,
  admin: undefined,
};
type Who = keyof typeof cookies;

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  // Any shop content stops the server seeding the demo shop into this database.
  categoryId = (await createCategory(database.db)).id;
  admin = await createMember(database.db, { type: "admin", lastName: "庫", firstName: "存員" });
  const member = await createMember(database.db);
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
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

function send(who: Who, url: string, init: { method?: string; body?: FormData | URLSearchParams } = {}) {
  const headers: Record<string, string> = {};
  if (cookies[who]) headers.cookie = cookies[who]!;
  return fetch(`${server.url}${url}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body,
    redirect: "manual",
  });
}

function form(fields: Record<string, string>) {
  return new URLSearchParams(fields);
}

function uploadForm(file: string | Uint8Array, name = "stock.csv") {
  const body = new FormData();
  body.set("intent", "upload");
  const bytes = typeof file === "string" ? file : new Uint8Array(file);
  body.set("file", new Blob([bytes], { type: "text/csv" }), name);
  return body;
}

/** Uploads a file as the admin; the preview's id when it was accepted, else the page's answer. */
async function upload(file: string | Uint8Array, name?: string) {
  const response = await send("admin", "/admin/stock", { method: "POST", body: uploadForm(file, name) });
  const location = response.headers.get("location") ?? "";
  const id = /^\/admin\/stock\/import\/([0-9a-f-]{36})$/.exec(location)?.[1];
  return { response, id, body: id ? "" : await response.text() };
}

async function uploaded(file: string | Uint8Array) {
  const { id, response, body } = await upload(file);
  expect(id, `upload refused (${response.status}): ${body.slice(0, 300)}`).toBeDefined();
  return id!;
}

const commit = (id: string, who: Who = "admin") =>
  send(who, `/admin/stock/import/${id}`, { method: "POST", body: form({ intent: "commit" }) });

async function stockOf(...ids: number[]) {
  const rows = await database.db
    .select({ id: products.id, stock: products.stock, priceCents: products.priceCents })
    .from(products)
    .where(inArray(products.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row]));
}

async function product(fields: Partial<ProductRow> = {}) {
  return createProduct(database.db, { categoryId, mode: "instock", stock: 20, ...fields });
}

/** The zh-HK text as React renders it into the page (quotes and apostrophes escaped). */
const html = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

describe("who may use /admin/stock", () => {
  it("sends visitors to sign in, refuses members, and changes nothing for either", async () => {
    const item = await product({ stock: 7 });
    const pending = await uploaded(`id,stock\n${item.id},99`);
    const attempts = [
      ["GET", "/admin/stock", undefined],
      ["GET", `/admin/stock/import/${pending}`, undefined],
      ["GET", "/admin/stock/export.csv", undefined],
      [
        "POST",
        "/admin/stock",
        form({ intent: "adjust", productId: String(item.id), kind: "set", amount: "1" }),
      ],
      ["POST", "/admin/stock", uploadForm(`id,stock\n${item.id},1`)],
      ["POST", `/admin/stock/import/${pending}`, form({ intent: "commit" })],
      ["POST", `/admin/stock/import/${pending}`, form({ intent: "discard" })],
    ] as const;
    for (const [method, url, body] of attempts) {
      const anonymous = await send("anonymous", url, { method, body });
      expect(anonymous.status, `${method} ${url}`).toBe(302);
      expect(anonymous.headers.get("location"), `${method} ${url}`).toMatch(/^\/login\?redirectTo=%2Fadmin/);
      const member = await send("member", url, { method, body });
      expect(member.status, `${method} ${url}`).toBe(403);
      expect(await member.text()).not.toContain(item.name);
    }
    expect((await stockOf(item.id))[item.id]!.stock).toBe(7);
    const [stored] = await database.db.select().from(stockImports).where(eq(stockImports.id, pending));
    expect(stored!.status).toBe("pending");
  });

  it("shows the admin the stock list with its filters, 50 to a page", async () => {
    const low = await product({ name: "篩選測試低庫存", stock: 3 });
    await product({ name: "篩選測試充足", stock: 80 });
    const page = await send("admin", `/admin/stock?q=${encodeURIComponent("篩選測試")}&level=low`);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(low.name);
    expect(text).not.toContain("篩選測試充足");
    expect(text).toContain("低庫存");
  });
});

describe("CSV import: preview, then commit", () => {
  it("previews old → new without writing, then commits every row in one go", async () => {
    const rice = await product({ name: "泰國香米", stock: 20, priceCents: 5_000, gatherPriceCents: 4_500 });
    const wings = await product({ name: "急凍雞翼", mode: "general", stock: null, targetBuyers: 10 });
    const id = await uploaded(`${CSV_BOM}id,stock,price\r\n${rice.id},35,52.50\r\n${wings.id},12,\r\n`);

    const preview = await send("admin", `/admin/stock/import/${id}`);
    expect(preview.status).toBe(200);
    const page = await preview.text();
    expect(page).toContain("泰國香米");
    expect(page).toContain("$52.50");
    expect(page).toContain("確認匯入");
    expect(await stockOf(rice.id, wings.id)).toEqual({
      [rice.id]: { id: rice.id, stock: 20, priceCents: 5_000 },
      [wings.id]: { id: wings.id, stock: null, priceCents: 10_000 },
    });

    const committed = await commit(id);
    expect(committed.status).toBe(302);
    expect(committed.headers.get("location")).toBe("/admin/stock");
    expect(committed.headers.get("set-cookie")).toContain("gather_toast=");
    expect(await stockOf(rice.id, wings.id)).toEqual({
      [rice.id]: { id: rice.id, stock: 35, priceCents: 5_250 },
      [wings.id]: { id: wings.id, stock: 12, priceCents: 10_000 },
    });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "stock.import"), eq(auditLog.entityId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, after: { count: 2, fileName: "stock.csv" } });

    // The toast carries the count across the redirect, put into words on the server.
    const landed = await fetch(`${server.url}/admin/stock`, {
      headers: { cookie: `${cookies.admin}; ${committed.headers.get("set-cookie")!.split(";")[0]}` },
    });
    const landedPage = await landed.text();
    expect(landedPage).toContain("CSV 匯入成功：已更新 2 件貨品");
  });

  it("commits nothing from a file with one bad row, and says which row in zh-HK", async () => {
    const [a, b, c] = [await product({ stock: 1 }), await product({ stock: 2 }), await product({ stock: 3 })];
    const id = await uploaded(`id,stock\n${a.id},10\n${b.id},-4\n${c.id},30\n`);
    const page = await (await send("admin", `/admin/stock/import/${id}`)).text();
    expect(page).toContain("錯誤報告");
    expect(page).toContain(html("庫存不可以是負數（-4）"));
    const refused = await commit(id);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("檔案有錯誤，請修正後重新上載");
    expect(await stockOf(a.id, b.id, c.id)).toMatchObject({
      [a.id]: { stock: 1 },
      [b.id]: { stock: 2 },
      [c.id]: { stock: 3 },
    });
  });

  it("applies a file once however often, or however quickly, commit is pressed", async () => {
    const item = await product({ stock: 5 });
    const id = await uploaded(`id,stock\n${item.id},50\n`);
    // Two commits at the same moment: the import row's lock lets one through.
    const [first, second] = await Promise.all([commit(id), commit(id)]);
    expect([first.status, second.status].sort()).toEqual([302, 409]);
    expect((await stockOf(item.id))[item.id]!.stock).toBe(50);

    // Stock sold since then is not put back by a third press.
    await database.db.update(products).set({ stock: 44 }).where(eq(products.id, item.id));
    const again = await commit(id);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("此檔案已經匯入，不會重複匯入");
    expect((await stockOf(item.id))[item.id]!.stock).toBe(44);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "stock.import"), eq(auditLog.entityId, id)));
    expect(audit).toHaveLength(1);
  });

  it("refuses a preview gone stale: the stock changed after the file was checked", async () => {
    const item = await product({ stock: 9 });
    const other = await product({ stock: 1 });
    const id = await uploaded(`id,stock\n${other.id},2\n${item.id},30\n`);
    await send("admin", "/admin/stock", {
      method: "POST",
      body: form({ intent: "adjust", productId: String(item.id), kind: "delta", amount: "-1" }),
    });
    const refused = await commit(id);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("第 3 行");
    expect(await stockOf(item.id, other.id)).toMatchObject({
      [item.id]: { stock: 8 },
      [other.id]: { stock: 1 },
    });
  });

  it("discards a pending import, which then cannot be committed", async () => {
    const item = await product({ stock: 4 });
    const id = await uploaded(`id,stock\n${item.id},40\n`);
    const discarded = await send("admin", `/admin/stock/import/${id}`, {
      method: "POST",
      body: form({ intent: "discard" }),
    });
    expect(discarded.status).toBe(302);
    expect((await commit(id)).status).toBe(409);
    expect((await stockOf(item.id))[item.id]!.stock).toBe(4);
  });

  it("answers 404 for an unknown or malformed import id", async () => {
    expect((await send("admin", "/admin/stock/import/00000000-0000-4000-8000-000000000000")).status).toBe(
      404,
    );
    expect((await send("admin", "/admin/stock/import/not-a-uuid")).status).toBe(404);
    expect((await commit("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

describe("bad CSV files are refused with zh-HK messages and change nothing", () => {
  let item: ProductRow;
  let group: ProductRow;
  beforeAll(async () => {
    item = await product({ slug: "bad-case-rice", stock: 6, priceCents: 5_000, gatherPriceCents: 4_000 });
    group = await product({ mode: "limited", stock: 3, targetBuyers: 5 });
  });

  // Files refused as a whole: the stock page answers with the message, no preview is stored.
  it.each([
    ["an empty file", "", "檔案是空的"],
    ["a BOM and nothing else", CSV_BOM, "檔案是空的"],
    ["a header and no rows", "id,stock\r\n", "檔案只有標題列，沒有任何貨品資料"],
    ["a header without stock", "id,price\n1,2", "標題列錯誤：必須有 stock 欄"],
    ["a header without id or slug", "name,stock\n米,2", "標題列錯誤：必須有 id 或 slug 欄"],
    ["a misspelt header", "id,stokc\n1,2", "標題列錯誤：不認識欄位「stokc」"],
  ])("%s", async (_, file, message) => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(stockImports);
    const { response, id, body } = await upload(file);
    expect(id).toBeUndefined();
    expect(response.status).toBe(400);
    expect(body).toContain(html(message));
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(stockImports);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("a file in Big5 rather than UTF-8", async () => {
    const big5 = new Uint8Array([0x69, 0x64, 0x2c, 0xae, 0x77, 0xa6, 0x73, 0x0a, 0x31, 0x2c, 0x32]);
    const { response, body } = await upload(big5);
    expect(response.status).toBe(400);
    expect(body).toContain("檔案不是 UTF-8 編碼");
  });

  it("a chunked upload (no length) that runs past 2 MB", async () => {
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = http.request(
        {
          host: "127.0.0.1",
          port: new URL(server.url).port,
          path: "/admin/stock",
          method: "POST",
          agent: false,
          headers: { cookie: cookies.admin!, "content-type": "multipart/form-data; boundary=x" },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("end", () => {
            outgoing.destroy();
            resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") });
          });
        },
      );
      // The server stops reading and closes while the rest is still being sent.
      outgoing.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
      });
      const slice = Buffer.alloc(256 * 1024, "a");
      let sent = 0;
      const pump = () => {
        while (sent < 4 * 1024 * 1024) {
          sent += slice.length;
          if (!outgoing.write(slice)) return void outgoing.once("drain", pump);
        }
        outgoing.end();
      };
      pump();
    });
    expect(response.status).toBe(413);
    expect(response.body).toContain("檔案太大，上限為 2 MB");
  });

  it("a file over 2 MB", async () => {
    const line = `${item.id},1,${"x".repeat(100)}\n`;
    const big = `id,stock,name\n${line.repeat(Math.ceil((2 * 1024 ** 2) / line.length) + 10)}`;
    const { response, body } = await upload(big);
    expect(response.status).toBe(413);
    expect(body).toContain("檔案太大，上限為 2 MB");
  });

  // Files with bad rows: previewed with the report, and the commit refused.
  it.each([
    ["a malformed row (open quote)", () => `id,stock\n${item.id},"7\n`, "格式錯誤：引號未有關閉"],
    [
      "a row with the wrong column count",
      () => `id,stock\n${item.id},7,8\n`,
      "欄位數目不符：應有 2 欄，實有 3 欄",
    ],
    ["a non-numeric stock", () => `id,stock\n${item.id},十件\n`, "庫存「十件」必須為數字"],
    ["a negative stock", () => `id,stock\n${item.id},-1\n`, "庫存不可以是負數（-1）"],
    [
      "a price with three decimals",
      () => `id,stock,price\n${item.id},7,12.345\n`,
      "原價「12.345」最多只可有兩位小數",
    ],
    [
      "a group price above the price after the change",
      () => `id,stock,price\n${item.id},7,39.99\n`,
      "成團價 $40.00 高於原價 $39.99",
    ],
    [
      "the same product twice (by id, then by slug)",
      () => `id,slug,stock\n${item.id},,7\n,bad-case-rice,8\n`,
      "已於第 2 行出現",
    ],
    ["an unknown product", () => "slug,stock\nno-such-product,7\n", "找不到貨品「no-such-product」"],
    ["instock left unlimited", () => `id,stock\n${group.id},\n${item.id},\n`, "必須填寫庫存數量"],
  ])("%s", async (_, file, message) => {
    const id = await uploaded(file());
    const page = await (await send("admin", `/admin/stock/import/${id}`)).text();
    expect(page).toContain(html(message));
    expect(page).not.toContain(">確認匯入<");
    expect((await commit(id)).status).toBe(409);
    expect(await stockOf(item.id, group.id)).toMatchObject({
      [item.id]: { stock: 6 },
      [group.id]: { stock: 3 },
    });
  });
});

describe("10,000 rows", () => {
  it("previews and commits a 10,000-row file in one transaction", async () => {
    const inserted = await database.db.execute<{ id: number }>(sql`
      insert into products (slug, name, mode, price_cents, gather_price_cents, market_price_cents, stock, category_id)
      select 'bulk-' || n, '批量貨品' || n, 'instock', 2000, 1500, 2500, 1, ${categoryId}
      from generate_series(1, 10000) as n
      returning id`);
    const ids = inserted.rows.map((row) => row.id).sort((a, b) => a - b);
    expect(ids).toHaveLength(10_000);
    const lines = ids.map((id, index) => `${id},${index % 500},${index % 2 ? "20.00" : "21.50"}`);
    const file = `${CSV_BOM}id,stock,price\r\n${lines.join("\r\n")}\r\n`;

    const started = Date.now();
    const id = await uploaded(file);
    const preview = await send("admin", `/admin/stock/import/${id}?show=changed&page=3`);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("第 151–200 項");
    const committed = await commit(id);
    expect(committed.status).toBe(302);
    expect(Date.now() - started).toBeLessThan(30_000);

    const [totals] = await database.db
      .select({
        stock: sql<number>`sum(${products.stock})::int`,
        price: sql<number>`sum(${products.priceCents})::int`,
      })
      .from(products)
      .where(sql`${products.slug} like 'bulk-%'`);
    const expectedStock = ids.reduce((sum, _, index) => sum + (index % 500), 0);
    expect(totals).toEqual({ stock: expectedStock, price: 5_000 * 2_000 + 5_000 * 2_150 });
  }, 120_000);
});

describe("export → import", () => {
  it("reads its own export back unchanged, spreadsheet guards and all", async () => {
    const tricky = await product({
      name: '=HYPERLINK("http://evil.example","往返")',
      slug: "-round-trip",
      stock: 8,
      priceCents: 12_345,
      gatherPriceCents: 9_900,
    });
    const plain = await product({ name: "往返測試白米", mode: "general", stock: null, targetBuyers: 8 });
    const exported = await send("admin", `/admin/stock/export.csv?q=${encodeURIComponent("往返")}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(exported.headers.get("content-disposition")).toMatch(
      /^attachment; filename="stock-\d{8}-\d{4}\.csv"$/,
    );
    const bytes = new Uint8Array(await exported.arrayBuffer());
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text).toContain(
      `${tricky.id},'-round-trip,"'=HYPERLINK(""http://evil.example"",""往返"")",現貨,8,123.45,99.00,120.00`,
    );
    expect(text).toContain(`${plain.id},${plain.slug},往返測試白米,一般團,,100.00,80.00,120.00`);

    const unchanged = await uploaded(bytes);
    const page = await (await send("admin", `/admin/stock/import/${unchanged}`)).text();
    expect(page).toContain("檔案內的資料與現時相同");
    expect((await commit(unchanged)).status).toBe(302);

    const edited = await uploaded(text.replace(",現貨,8,123.45,", ",現貨,18,123.45,"));
    expect((await commit(edited)).status).toBe(302);
    expect(await stockOf(tricky.id, plain.id)).toMatchObject({
      [tricky.id]: { stock: 18, priceCents: 12_345 },
      [plain.id]: { stock: null },
    });
  });
});

describe("adjusting one product's stock", () => {
  const adjust = (productId: number, kind: string, amount?: string) =>
    send("admin", "/admin/stock", {
      method: "POST",
      body: form({ intent: "adjust", productId: String(productId), kind, ...(amount ? { amount } : {}) }),
    });

  /**
   * Holds the product's row lock until several requests wait for it (the server's pool has 10
   * connections), then lets go: those overlap for certain. An adjustment that read the row without
   * locking it would read the same stock as the others and write back a lost update; it waits too,
   * at its write.
   */
  async function racing<T>(productId: number, requests: () => Promise<T>[]): Promise<T[]> {
    const client = await database.pool.connect();
    try {
      await client.query("begin");
      const {
        rows: [holder],
      } = await client.query<{ pid: number }>(
        "select pg_backend_pid() as pid, stock from products where id = $1 for update",
        [productId],
      );
      const responses = Promise.all(requests());
      await vi.waitFor(
        async () => {
          const { rows } = await database.pool.query<{ n: number }>(
            // Directly behind this lock, or in the queue behind those (a row lock's queue).
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> $1 and wait_event_type = 'Lock'",
            [holder!.pid],
          );
          expect(rows[0]!.n).toBeGreaterThanOrEqual(5);
        },
        { timeout: 30_000, interval: 50 },
      );
      await client.query("commit");
      return await responses;
    } finally {
      client.release();
    }
  }

  it("adds up concurrent deltas exactly: each waits for the row lock of the one before", async () => {
    const item = await product({ stock: 100 });
    const responses = await racing(item.id, () => [
      ...Array.from({ length: 20 }, () => adjust(item.id, "delta", "+3")),
      ...Array.from({ length: 10 }, () => adjust(item.id, "delta", "-2")),
    ]);
    expect(responses.map((response) => response.status)).toEqual(Array(30).fill(302));
    expect((await stockOf(item.id))[item.id]!.stock).toBe(100 + 60 - 20);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "stock.adjust"), eq(auditLog.entityId, String(item.id))));
    expect(audit).toHaveLength(30);
  });

  it("never goes below 0 when many take at once", async () => {
    const item = await product({ stock: 5 });
    const responses = await racing(item.id, () =>
      Array.from({ length: 12 }, () => adjust(item.id, "delta", "-1")),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    expect((await stockOf(item.id))[item.id]!.stock).toBe(0);
    const refused = await adjust(item.id, "delta", "-1");
    expect(await refused.text()).toContain(html("庫存不可少於 0（現有 0）"));
  });

  it("sets a count, makes a group buy unlimited, refuses that for instock, and says so in zh-HK", async () => {
    const group = await product({ mode: "general", stock: 4, targetBuyers: 6 });
    const instock = await product({ stock: 4 });
    expect((await adjust(group.id, "set", "1,200")).status).toBe(302);
    expect((await stockOf(group.id))[group.id]!.stock).toBe(1_200);
    expect((await adjust(group.id, "unlimited")).status).toBe(302);
    expect((await stockOf(group.id))[group.id]!.stock).toBeNull();
    const deltaOnUnlimited = await adjust(group.id, "delta", "5");
    expect(deltaOnUnlimited.status).toBe(409);
    const refused = await adjust(instock.id, "unlimited");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("現貨必須設定庫存數量，不可設為不限");
    const bad = await adjust(instock.id, "set", "2.5");
    expect(bad.status).toBe(400);
    expect((await stockOf(instock.id))[instock.id]!.stock).toBe(4);
    expect((await adjust(999_999, "set", "1")).status).toBe(404);
  });
});
