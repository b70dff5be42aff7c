import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import pg from "pg";
import { E2E_DATABASE_URL } from "./support/server-env.ts";
import { expect, test, visit, waitForHydration } from "./support/test.ts";

// Issue 4 item 6: an admin imports stock by CSV at /admin/stock, checks the preview, commits, and
// sees the new stock in the list.

/** SMS codes are capped per IP (DESIGN §4.14): this file signs up from an address of its own. */
const customerIp = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
test.use({ extraHTTPHeaders: { "x-forwarded-for": customerIp } });

const token = () => Math.random().toString(36).slice(2, 10);

/** The newest code sent to `phone`, read back from the demo outbox (DESIGN §7). */
async function codeFor(page: Page, phone: string): Promise<string> {
  let code = "";
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/outbox?to=${phone}`);
      const { messages } = (await response.json()) as { messages: { body: string }[] };
      code = messages[0]?.body.match(/\b\d{6}\b/)?.[0] ?? "";
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** A new member, made an admin by the operator's `npm run admin:grant`, signed in on `page`. */
async function signInAsNewAdmin(page: Page, id: string) {
  const phone = `5${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
  await visit(page, "/register");
  await page.getByLabel("電話號碼", { exact: true }).fill(phone);
  await page.getByRole("button", { name: "發送驗證碼" }).click();
  await expect(page.getByText("驗證碼已發送")).toBeVisible();
  await page.getByLabel("驗證碼").fill(await codeFor(page, phone));
  await page.getByLabel("姓氏").fill("倉");
  await page.getByLabel("名字").fill("務員");
  await page.getByLabel("電郵").fill(`stock-${id}-${phone}@example.hk`);
  await page.getByRole("button", { name: "註冊", exact: true }).click();
  await expect(page).toHaveURL("/success-registration");
  execFileSync("npm", ["run", "--silent", "admin:grant", "--", phone], {
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL },
    stdio: "pipe",
  });
}

/**
 * An unpublished instock product of this journey's own (the storefront never lists it), so the
 * phone and desktop runs and other specs never share a row.
 */
async function createProduct(slug: string, name: string, stock: number): Promise<void> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `insert into products (slug, name, mode, price_cents, gather_price_cents, market_price_cents, stock, category_id)
       select $1, $2, 'instock', 6800, 5800, 7800, $3, id from categories where parent_id is null order by id limit 1`,
      [slug, name, stock],
    );
  } finally {
    await client.end();
  }
}

test("an admin imports stock by CSV, checks the preview, commits and sees the new stock", async ({
  page,
}) => {
  test.slow();
  const id = token();
  const slug = `e2e-stock-${id}`;
  const name = `庫存測試急凍蝦仁 ${id}`;
  await createProduct(slug, name, 12);
  await signInAsNewAdmin(page, id);

  await visit(page, "/admin/stock");
  await expect(page.getByRole("heading", { name: "庫存", level: 1 })).toBeVisible();
  await page.getByLabel("搜尋貨品名稱、slug 或編號").fill(slug);
  await page.getByRole("button", { name: "搜尋" }).click();
  const rows = page.getByTestId("data-table").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await expect(rows.first()).toContainText("12");

  // A spreadsheet's UTF-8 CSV: byte-order mark, CRLF, the price in dollars.
  const csv = `\uFEFFslug,stock,price\r\n${slug},85,72.50\r\n`;
  await page.getByLabel("CSV 檔案").setInputFiles({
    name: "stock-count.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv, "utf8"),
  });
  await page.getByRole("button", { name: "上載並預覽" }).click();

  // The preview: old → new for the row, nothing written yet.
  await expect(page).toHaveURL(/\/admin\/stock\/import\/[0-9a-f-]{36}$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "預覽 CSV 匯入" })).toBeVisible();
  await expect(page.getByText("檔案：stock-count.csv")).toBeVisible();
  const summary = page.getByTestId("import-summary");
  await expect(summary).toContainText("有改動1");
  await expect(summary).toContainText("錯誤0");
  const previewRow = page.getByTestId("data-table").locator("tbody tr").first();
  await expect(previewRow).toContainText(name);
  await expect(previewRow).toContainText("12 → 85");
  await expect(previewRow).toContainText("$68.00 → $72.50");

  // Commit asks first.
  await page.getByRole("button", { name: "確認匯入" }).click();
  const dialog = page.getByRole("dialog", { name: "確定匯入？" });
  await expect(dialog).toContainText("將一次過更新 1 件貨品的庫存及價錢");
  await dialog.getByRole("button", { name: "確定匯入" }).click();

  await expect(page).toHaveURL("/admin/stock");
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "CSV 匯入成功：已更新 1 件貨品" }),
  ).toBeVisible();
  await expect(page.getByTestId("recent-imports")).toContainText("stock-count.csv");
  await page.getByLabel("搜尋貨品名稱、slug 或編號").fill(slug);
  await page.getByRole("button", { name: "搜尋" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("85");
  await expect(rows.first()).toContainText("$72.50");
});
