import pg from "pg";
import { E2E_DATABASE_URL } from "./support/server-env.ts";
import { ADMIN_STATE } from "./support/sessions.ts";
import { expect, test, visit, waitForHydration } from "./support/test.ts";

// Issue 4 item 6: an admin imports stock by CSV at /admin/stock, checks the preview, commits, and
// sees the new stock in the list.

// The run's admin, signed in (tests/e2e/support/sessions.ts).
test.use({ storageState: ADMIN_STATE });

const token = () => Math.random().toString(36).slice(2, 10);

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
