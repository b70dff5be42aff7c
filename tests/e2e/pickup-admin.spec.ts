import sharp from "sharp";
import { customerHeaders } from "./support/members.ts";
import { ADMIN_STATE } from "./support/sessions.ts";
import { expect, expectNoSeriousA11yViolations, expectToast, test, visit } from "./support/test.ts";

// Issue 5 item 6: an admin adds a pickup district and a point in it (charge in dollars, a banner
// uploaded through /admin/upload), is refused a negative charge, and finds the point on /location.

// The run's admin, signed in (tests/e2e/support/sessions.ts).
test.use({ ...customerHeaders(), storageState: ADMIN_STATE });

function bannerPicture(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .png()
    .toBuffer();
}

test("an admin adds a district and a pickup point, and members see it on /location", async ({
  page,
  phone,
}) => {
  test.slow(); // an upload and four saves
  // Each screen size works in a district of its own, so the two runs never meet.
  const id = `${phone ? "p" : "d"}${Math.random().toString(36).slice(2, 8)}`;
  const district = `測試區${id}`;
  const point = `測試自取點${id}`;

  await visit(page, "/admin/location-district");
  await page.getByRole("link", { name: "新增地區" }).click();
  await expect(page).toHaveURL("/admin/location-district/new");
  await page.getByLabel("名稱", { exact: true }).fill(district);
  await page.getByLabel("區域").selectOption("九龍");
  await page.getByRole("button", { name: "新增地區" }).click();
  await expectToast(page, "新增成功");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`編輯地區：${district}`);
  await page.screenshot({ path: test.info().outputPath("district-edit.png"), fullPage: true });

  await visit(page, `/admin/location-district?q=${encodeURIComponent(district)}`);
  await expect(page.getByRole("row").filter({ hasText: district })).toContainText("九龍");
  await page.getByRole("link", { name: `編輯地區：${district}` }).click();
  await expect(page).toHaveURL(/\/admin\/location-district\/\d+$/);

  // The district's page offers to add a point in it, with the district already chosen.
  await page.getByRole("link", { name: "新增自取點" }).click();
  await expect(page).toHaveURL(/\/admin\/location\/new\?district=\d+$/);
  await expect(page.getByLabel("地區", { exact: true }).locator("option:checked")).toHaveText(district);
  await expect(page.getByLabel(/^取貨時間/)).toHaveValue("星期一至五 10:00–19:00（公眾假期除外）");
  await page.getByLabel("名稱", { exact: true }).fill(point);
  await page.getByLabel("地址", { exact: true }).fill("九龍旺角彌敦道 688 號地下");
  await page.getByLabel(/^運費/).fill("-5");
  await page.getByRole("button", { name: "新增自取點" }).click();
  await expect(page.getByText("不可為負數")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/location\/new/);
  await page.getByLabel(/^運費/).fill("18.5");

  await page
    .locator('input[type="file"]')
    .nth(1)
    .setInputFiles({
      name: "mong-kok.png",
      mimeType: "image/png",
      buffer: await bannerPicture(),
    });
  const banner = page.getByLabel("橫額（手機版）");
  await expect(banner).toHaveValue(/^\/uploads\/pickup-points\/.+\.webp$/);
  const uploaded = await banner.inputValue();
  await page.getByRole("button", { name: "新增自取點" }).click();
  await expectToast(page, "新增成功");
  await expect(page).toHaveURL(/\/admin\/location\/\d+$/);
  await expect(page.getByLabel(/^運費/)).toHaveValue("18.50");
  await expect(page.getByTestId("audit-list")).toContainText("新增自取點");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath("point-edit.png"), fullPage: true });

  await visit(page, `/admin/location?q=${encodeURIComponent(point)}`);
  const row = page.getByRole("row").filter({ hasText: point });
  await expect(row).toContainText(`九龍 · ${district}`);
  await expect(row).toContainText("$18.50");
  await expect(row).toContainText("開放中");
  await page.screenshot({ path: test.info().outputPath("points-list.png"), fullPage: true });

  // Members see it at once, under its area and district, with its charge and banner.
  await visit(page, "/location");
  const card = page.getByTestId("pickup-point").filter({ hasText: point });
  await expect(card).toBeVisible();
  await expect(card).toContainText("九龍旺角彌敦道 688 號地下");
  await expect(card).toContainText("$18.50");
  await expect(card.locator("img")).toHaveAttribute("src", uploaded);
  await expect(page.getByRole("heading", { name: new RegExp(`^${district}`) })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("location.png") });
});
