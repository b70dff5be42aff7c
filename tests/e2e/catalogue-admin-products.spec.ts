import type { Page } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";
import { customerHeaders } from "./support/members.ts";
import { E2E_DATABASE_URL } from "./support/server-env.ts";
import { ADMIN_STATE } from "./support/sessions.ts";
import { expect, expectToast, test, visit } from "./support/test.ts";

// Issue 4 item 6: the product back office. An admin adds a product with a picture while the
// storefront card previews it, publishes it from the list and finds it in the shop; then edits it
// and deletes it after confirming.

// The run's admin, signed in (tests/e2e/support/sessions.ts).
test.use({ ...customerHeaders(), storageState: ADMIN_STATE });

/** A name no other run has used, so reruns against one database never find each other's products. */
const token = () => Math.random().toString(36).slice(2, 8);

/** A small square picture made here, as an admin's camera roll would give. */
function productPicture(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 640, channels: 3, background: { r: 190, g: 70, b: 50 } } })
    .png()
    .toBuffer();
}

async function fillProduct(page: Page, name: string, nameEn: string) {
  await page.getByLabel("產品名稱", { exact: true }).fill(name);
  await page.getByLabel("英文名稱").fill(nameEn);
  await page.getByLabel(/^產品描述/).fill("穀飼 MB5，每件約 1.5 磅，按實際重量退回差額。");
  await page.getByLabel("團購模式", { exact: true }).selectOption("limited");
  await page.getByLabel("原價").fill("188");
  await page.getByLabel("成團價").fill("158.5");
  await page.getByLabel("市價").fill("210");
  await page.getByLabel("單位").selectOption("磅");
  await page.getByLabel("每件預計重量（磅）").fill("1.5");
  await page.getByLabel("成團人數").fill("12");
  await page.getByLabel("每人限購").fill("4");
  await page.getByLabel("分類", { exact: true }).selectOption({ label: "牛肉" });
  await page.getByLabel("子分類").selectOption({ label: "牛扒" });
}

test("an admin adds a product with a picture, publishes it and finds it in the shop", async ({ page }) => {
  test.slow();
  const id = token();
  const name = `測試和牛肉眼 ${id}`;
  await visit(page, "/admin/add-product");

  const preview = page.getByTestId("product-preview");
  await fillProduct(page, name, `Test Wagyu Ribeye ${id}`);
  // The storefront card follows the typing.
  await expect(preview).toContainText(name);
  await expect(preview).toContainText("$158.50");
  await expect(preview).toContainText("限量團");
  await expect(preview).toContainText("約 1.5 磅");

  await page
    .getByTestId("product-images")
    .locator('input[type="file"]')
    .setInputFiles({ name: "ribeye.png", mimeType: "image/png", buffer: await productPicture() });
  const cover = page.getByRole("img", { name: "產品圖片 1" });
  await expect(cover).toBeVisible();
  await expect(page.getByText("封面", { exact: true })).toBeVisible();
  const uploaded = await cover.getAttribute("src");
  expect(uploaded).toMatch(/^\/uploads\/products\/.+\.webp$/);
  await expect(preview.locator("img")).toHaveAttribute("src", uploaded!);

  // A group price above the original price is refused before anything is sent.
  await page.getByLabel("成團價").fill("200");
  await page.getByRole("button", { name: "新增產品" }).click();
  await expect(page.getByText("成團價不可高於原價")).toBeVisible();
  await expect(page).toHaveURL("/admin/add-product");
  await page.getByLabel("成團價").fill("158.5");
  await expect(page.getByText("成團價不可高於原價")).toBeHidden();

  await page.getByRole("button", { name: "新增產品" }).click();
  await expect(page).toHaveURL("/admin/product", { timeout: 15_000 });
  await expectToast(page, "新增成功", { timeout: 15_000 });

  // Saved unpublished: find it in the list, tick it and publish the ticked rows.
  await page.getByLabel("搜尋產品名稱（中文或英文）").fill(id);
  await page.getByRole("button", { name: "搜尋" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/product\\?q=${id}`));
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByTestId("publish-status")).toHaveText("未上架");
  await row.getByRole("checkbox", { name: `選取 ${name}` }).check();
  await page.getByRole("button", { name: "上架所選" }).click();
  await expectToast(page, "已上架 1 件產品", { timeout: 15_000 });
  await expect(row.getByTestId("publish-status")).toHaveText("已上架");

  await visit(page, `/all?name=${encodeURIComponent(`ribeye ${id}`)}`);
  const card = page.locator(".product-card").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("$158.50");
  const picture = card.locator("img");
  await expect(picture).toHaveAttribute("src", uploaded!);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
});

/** A published group buy of this journey's own, written straight to the database (the form has its own journey). */
async function createProduct(slug: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `insert into products (slug, name, name_en, mode, price_cents, gather_price_cents, market_price_cents,
         target_buyers, is_published, category_id)
       select $1, $2, $1, 'general', 18800, 15850, 21000, 12, true, id
       from categories where parent_id is null order by position, id limit 1`,
      [slug, name],
    );
  } finally {
    await client.end();
  }
}

test("an admin edits a product's price and deletes it after confirming", async ({ page }) => {
  test.slow();
  const id = token();
  const name = `測試豬扒 ${id}`;
  await createProduct(`test-pork-chop-${id}`, name);

  await visit(page, `/admin/product?q=${id}`);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/product\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByLabel("成團價")).toHaveValue("158.50");
  await page.getByLabel("成團價").fill("148");
  await expect(page.getByTestId("product-preview")).toContainText("$148.00");
  await page.getByRole("button", { name: "儲存" }).click();
  await expectToast(page, "更新成功", { timeout: 15_000 });
  await expect(page.getByLabel("成團價")).toHaveValue("148.00");
  await expect(page.getByTestId("audit-list")).toContainText("成團價：$158.50 → $148.00");

  // Deleting asks first; cancelling keeps the product.
  await page.getByRole("button", { name: "刪除產品" }).click();
  const dialog = page.getByRole("dialog", { name: "確定刪除此產品？" });
  await expect(dialog).toContainText(name);
  await dialog.getByRole("button", { name: "取消" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "刪除產品" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "確定刪除" }).click();
  await expect(page).toHaveURL("/admin/product", { timeout: 15_000 });
  await expectToast(page, "刪除成功", { timeout: 15_000 });
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
});
