import type { Page } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";
import { phone as phoneScreen } from "./support/devices.ts";
import { customerHeaders, register } from "./support/members.ts";
import { E2E_DATABASE_URL } from "./support/server-env.ts";
import {
  anotherPerson,
  expect,
  expectNoSeriousA11yViolations,
  expectToast,
  test,
  visit,
} from "./support/test.ts";

// Issue 27 item 6: the shop changes its own storefront. An admin adds a home popup with an
// uploaded picture at desktop width; a visitor on a phone gets it on the home page one second
// after load; the admin deletes it again, after confirming.

test.use(customerHeaders());

async function signInAsNewAdmin(page: Page) {
  const admin = await register(page);
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query("update members set type = 'admin' where phone = $1", [admin.phone]);
  } finally {
    await client.end();
  }
}

function popupPicture(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .png()
    .toBuffer();
}

test("an admin puts a new popup on the home page, and a phone visitor sees it", async ({ page, browser }) => {
  test.slow(); // a registration, an upload, a save, a second browser and a delete
  const title = `週末快閃${Math.random().toString(36).slice(2, 6)}`;

  await signInAsNewAdmin(page);
  await visit(page, "/admin/banner");
  await expect(page.getByTestId("banners-carousel")).toContainText("聖誕團購節");
  await page.screenshot({ path: test.info().outputPath("banners.png"), fullPage: true });
  await page.getByRole("link", { name: "新增彈出廣告" }).click();
  await expect(page).toHaveURL("/admin/banner/new?kind=popup");

  // Checked in the browser first: no title, a link that is no address, no picture.
  await page.getByLabel(/^連結/).fill("javascript:alert(1)");
  await page.getByRole("button", { name: "新增", exact: true }).click();
  await expect(page.getByText("連結須以 / 開頭（本店網頁）或以 https:// 開頭")).toBeVisible();
  await expect(page.getByText("請上載圖片", { exact: true })).toBeVisible();
  await expect(page.getByText("必須填寫")).toBeVisible();

  await page.getByLabel("標題", { exact: true }).fill(title);
  await page.getByLabel(/^內文/).fill("星期六、日全場貨品九折，送完即止。");
  await page.getByLabel(/^連結/).fill("/instock");
  await page.getByLabel(/^次序/).fill("0");
  await page.locator('input[type="file"]').setInputFiles({
    name: "weekend.png",
    mimeType: "image/png",
    buffer: await popupPicture(),
  });
  const image = page.getByLabel("圖片", { exact: true });
  await expect(image).toHaveValue(/^\/uploads\/banners\/.+\.webp$/);
  const uploaded = await image.inputValue();
  await expect(page.getByLabel("在網站顯示")).toBeChecked();
  await page.screenshot({ path: test.info().outputPath("popup-new.png"), fullPage: true });
  await page.getByRole("button", { name: "新增", exact: true }).click();
  await expectToast(page, "新增成功");
  await expect(page).toHaveURL(/\/admin\/banner\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`編輯彈出廣告：${title}`);
  await expect(page.getByTestId("audit-list")).toContainText("新增橫額");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath("popup-edit.png"), fullPage: true });

  // A visitor on a phone, without cookies: the popup comes a second after the home page loads.
  const visitor = await anotherPerson(browser, phoneScreen);
  try {
    await visitor.page.goto("/");
    const popup = visitor.page.getByRole("dialog");
    await expect(popup).toBeVisible({ timeout: 10_000 });
    await expect(popup.getByRole("heading", { name: title })).toBeVisible();
    await expect(popup).toContainText("星期六、日全場貨品九折");
    await expect(popup.locator("img")).toHaveAttribute("src", uploaded);
    await expect(popup.getByRole("link", { name: "立即了解" })).toHaveAttribute("href", "/instock");
    // Centred on the screen, whole (the dialog's own margin: auto, not the reset's 0).
    const box = (await popup.boundingBox())!;
    expect(box.x).toBeGreaterThan(0);
    expect(box.y).toBeGreaterThan(0);
    expect(Math.abs(box.x + box.width / 2 - phoneScreen.viewport.width / 2)).toBeLessThan(2);
    expect(box.y + box.height).toBeLessThan(phoneScreen.viewport.height);
    await visitor.page.screenshot({ path: test.info().outputPath("home-popup-phone.png") });
  } finally {
    await visitor.context.close();
  }

  // Deleting asks first, then the popup is gone from the list.
  await page.getByRole("button", { name: "刪除", exact: true }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText(`確定刪除「${title}」？`);
  await confirm.getByRole("button", { name: "確定刪除" }).click();
  await expectToast(page, "刪除成功");
  await expect(page).toHaveURL("/admin/banner");
  await expect(page.getByTestId("banners-popup")).not.toContainText(title);
});
