import { customerHeaders, newMember } from "./support/members.ts";
import { signInAsAdmin, signInNewMember, sql } from "./support/sessions.ts";
import { expect, expectNoSeriousA11yViolations, expectToast, test, visit } from "./support/test.ts";

// Issue 31 item 1, on a phone: the admin sets the shop's FPS (轉數快) identifier (a bad one is
// refused with the reason); a member pays an order by FPS — the QR code and the details to copy —
// and says 「我已付款」; the admin finds the claim with its FPS badge and confirms it.

test.use(customerHeaders());

test("a member pays by FPS through the claim and the admin confirms it @phone-only", async ({ page }) => {
  test.slow(); // settings, a checkout, a claim and a confirmation
  const run = Math.random().toString(36).slice(2, 7);
  const pointName = `FPS取貨點${run}`;
  const [point] = await sql<{ id: number; district: string }>(
    `insert into pickup_points (district_id, name, address, delivery_charge_cents, position)
     select id, $1, '九龍旺角彌敦道 1 號地下', 0, 9999 from pickup_districts order by position, id limit 1
     returning id, (select name from pickup_districts d where d.id = district_id) as district`,
    [pointName],
  );
  const [product] = await sql<{ id: number }>(
    `select id from products where is_published and not age_restricted and mode = 'instock'
       and (stock is null or stock >= 5) order by id limit 1`,
  );

  // The admin sets FPS: a five-digit FPS ID is refused with the reason, then a valid one is saved.
  await signInAsAdmin(page.context());
  await visit(page, "/admin/settings");
  const identifier = page.getByLabel("轉數快（FPS）識別碼");
  await identifier.fill("12345");
  await page.getByLabel("轉數快收款戶口名稱").fill("齊齊買有限公司");
  await page.getByRole("button", { name: "儲存設定" }).click();
  await expect(page.getByText("FPS ID 須為 7 位或 9 位數字")).toBeVisible();
  await identifier.fill("1234567");
  await page.getByRole("button", { name: "儲存設定" }).click();
  await expectToast(page, "更新成功");
  await expect(identifier).toHaveValue("1234567");

  // A member orders and chooses FPS.
  await page.context().clearCookies();
  await signInNewMember(page, newMember("周", `轉數${run}`));
  await visit(page, `/all?product=${product!.id}`);
  await page.getByTestId("product-drawer").getByRole("button", { name: "加入購物車", exact: true }).click();
  await expectToast(page, "已加入購物車");
  await visit(page, "/checkout");
  await page.getByRole("combobox", { name: "地區", exact: true }).selectOption({ label: point!.district });
  await page.getByRole("radiogroup", { name: "自取點" }).getByLabel(new RegExp(pointName)).check();
  await page.getByRole("button", { name: "確認訂單" }).click();
  await expect(page).toHaveURL(/\/payment\?order=G\d{6}-\d{6}$/);
  const number = new URL(page.url()).searchParams.get("order") ?? "";
  const amount = (await page.getByTestId("payment-amount").textContent())?.trim() ?? "";
  expect(amount).toMatch(/^\$[\d,]+\.\d{2}$/);

  await page.getByRole("button", { name: /轉數快 FPS/ }).click();
  await expect(page).toHaveURL(/\/payment\/fps\?order=/);
  await expect(page.getByRole("img", { name: `轉數快付款 QR code，金額 ${amount}` })).toBeVisible();
  await expect(page.getByTestId("fps-identifier")).toHaveText("1234567");
  await expect(page.getByTestId("fps-account-name")).toHaveText("齊齊買有限公司");
  await expect(page.getByTestId("fps-amount")).toHaveText(amount);
  await expect(page.getByTestId("fps-reference")).toHaveText(number);
  // The whole page fits the phone's width: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("fps-payment.png"), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // Copying the FPS ID for a member who pays by hand.
  await page.getByRole("button", { name: "複製FPS ID" }).click();
  await expectToast(page, "已複製FPS ID");

  await page.getByRole("button", { name: "我已付款", exact: true }).click();
  await expect(page).toHaveURL("/order");
  await expectToast(page, "已收到你的付款通知，職員核實後會確認訂單");
  const order = page.getByTestId("order").filter({ hasText: number });
  await expect(order.getByTestId("order-status")).toHaveText("待確認付款");
  await expect(order.getByTestId("awaiting-confirmation")).toContainText("已收到你的 FPS 付款通知");

  // The admin finds the claim with its FPS badge and confirms it.
  await signInAsAdmin(page.context());
  await visit(page, `/admin/order?q=${number}&status=awaiting_confirmation`);
  const row = page.getByRole("row").filter({ hasText: number });
  await expect(row.getByTestId("claim-method")).toHaveText("FPS");
  await row.getByRole("link", { name: `查看訂單 ${number}` }).click();
  await page.getByRole("button", { name: "標示為已付款（轉數快 FPS）" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`確認已收到訂單 ${number} 的 轉數快 FPS 付款？`);
  await dialog.getByRole("button", { name: "確認已收款" }).click();
  await expectToast(page, `訂單已更新：${number} 已標示為已付款`);
  await expect(page.getByTestId("order-history")).toContainText("待付款 → 已付款");
});
