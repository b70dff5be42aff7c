import type { Page } from "@playwright/test";
import pg from "pg";
import { customerHeaders, newMember } from "./support/members.ts";
import { outboxTo } from "./support/outbox.ts";
import { E2E_DATABASE_URL } from "./support/server-env.ts";
import { signInAsAdmin, signInNewMember } from "./support/sessions.ts";
import { expect, expectToast, test, visit } from "./support/test.ts";

// Issue 5 item 6: a member orders and says they paid by PayMe; an admin finds the order, marks it
// paid, marks the pickup point's orders ready (the member gets an SMS), collects it by its pickup
// code, and creates a discount code.

test.use(customerHeaders());
// A second scan of a collected code is refused with 409, which the browser logs as a failed load.
test.use({ allowConsole: [/the server responded with a status of 409 \(Conflict\)/] });

async function sql<Row extends Record<string, unknown>>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A pickup point of this run's own, so the two screen sizes never mark each other's orders ready. */
async function ownPickupPoint(name: string) {
  const [point] = await sql<{ id: number; district: string }>(
    `insert into pickup_points (district_id, name, address, delivery_charge_cents, position)
     select id, $1, '九龍觀塘開源道 1 號地下', 0, 9999 from pickup_districts order by position, id limit 1
     returning id, (select name from pickup_districts d where d.id = district_id) as district`,
    [name],
  );
  return point!;
}

/** The member orders one in-stock item for collection at `point` and says they paid by PayMe. */
async function orderByPayme(page: Page, point: { name: string; district: string }): Promise<string> {
  await visit(page, "/instock");
  await page
    .locator(".product-card")
    .first()
    .getByRole("button", { name: "加入購物車", exact: true })
    .click();
  await expectToast(page, "已加入購物車");
  await visit(page, "/checkout");
  await page.getByRole("combobox", { name: "地區", exact: true }).selectOption({ label: point.district });
  await page.getByRole("radiogroup", { name: "自取點" }).getByLabel(new RegExp(point.name)).check();
  // The first in-stock item may be wine: the checkout then asks the buyer's age.
  const age = page.getByLabel(/本人確認已年滿 18 歲/);
  if (await age.isVisible()) await age.check();
  await page.getByRole("button", { name: "確認訂單" }).click();
  await expect(page).toHaveURL(/\/payment\?order=G\d{6}-\d{6}$/);
  const number = new URL(page.url()).searchParams.get("order") ?? "";
  await page.getByRole("button", { name: /PayMe/ }).click();
  await expect(page).toHaveURL(/\/payment\/payme\?order=/);
  await page.getByRole("button", { name: "我已付款", exact: true }).click();
  await expect(page).toHaveURL("/order");
  return number;
}

test("an admin marks a PayMe order paid, readies the pickup point, collects by code and adds a code", async ({
  page,
  phone,
}) => {
  test.slow(); // a checkout and five back-office steps
  const run = `${phone ? "p" : "d"}${Math.random().toString(36).slice(2, 7)}`;
  const pointName = `測試取貨點${run}`;
  const point = await ownPickupPoint(pointName);

  const member = await signInNewMember(page, newMember("黃", `買家${run}`));
  const number = await orderByPayme(page, { name: pointName, district: point.district });

  // The same browser changes hands: the run's admin (tests/e2e/support/sessions.ts).
  const admin = await signInAsAdmin(page.context());

  // Find the order by the member's phone.
  await visit(page, `/admin/order?q=${member.phone}`);
  const row = page.getByRole("row").filter({ hasText: number });
  // Said to be paid by PayMe: waiting for the shop's confirmation (decision 0025).
  await expect(row).toContainText("待確認付款");
  await expect(row).toContainText("PayMe");
  await expect(row).toContainText(pointName);
  await page.screenshot({ path: test.info().outputPath("order-list.png"), fullPage: true });
  await row.getByRole("link", { name: `查看訂單 ${number}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`訂單 ${number}`);

  // Mark it paid after checking the transfer.
  await page.getByRole("button", { name: "標示為已付款（PayMe）" }).click();
  const payDialog = page.getByRole("dialog");
  await expect(payDialog).toContainText(`確認已收到訂單 ${number} 的 PayMe 付款？`);
  await payDialog.getByRole("button", { name: "確認已收款" }).click();
  await expectToast(page, `訂單已更新：${number} 已標示為已付款`);
  await expect(page.getByTestId("order-history")).toContainText("待付款 → 已付款");
  await expect(page.getByTestId("order-history")).toContainText(`管理員 ${admin.lastName}${admin.firstName}`);
  const pickupCode = (await page.getByTestId("pickup-code").textContent())?.trim() ?? "";
  expect(pickupCode).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
  await page.screenshot({ path: test.info().outputPath("order-detail.png"), fullPage: true });

  // The pickup point's orders of this cycle are ready: one SMS to the member.
  await visit(page, "/admin/order");
  const cycles = page.getByRole("combobox", { name: "截單期數" });
  const openCycle = cycles.locator("option", { hasText: "接受訂單中" });
  await cycles.selectOption({ label: (await openCycle.textContent()) ?? "" });
  await expect(page).toHaveURL(/cycle=\d+/);
  await page.getByRole("combobox", { name: "自取點", exact: true }).selectOption({ label: pointName });
  await expect(page).toHaveURL(new RegExp(`point=${point.id}`));
  const ready = page.getByTestId("ready-panel");
  await expect(ready).toContainText("1 張已付款或已確認的訂單");
  await ready.getByRole("button", { name: "標示為可取貨並通知會員" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "確定並發送短訊" }).click();
  await expectToast(page, "訂單已更新：1 張訂單已標示為可取貨");
  await expect(page.getByRole("row").filter({ hasText: number })).toContainText("可取貨");
  await expect
    .poll(async () => {
      const messages = await outboxTo(page, member.phone);
      // The order's own notices (placed, paid) are there too: this is the pickup point's one.
      return messages
        .filter((message) => message.body.includes(number) && message.body.includes("已送抵自取點"))
        .map((message) => message.body);
    })
    .toEqual([expect.stringContaining(pickupCode)]);

  // Collect it by the code, typed in lower case.
  await page.getByLabel("取貨碼").fill(pickupCode.toLowerCase());
  await page.getByRole("button", { name: "確認取貨" }).click();
  // Before anything changes, staff see whose order it is (masked) and what to hand over.
  const preview = page.getByRole("dialog").getByTestId("collect-preview");
  await expect(preview).toContainText(`訂單 ${number}`);
  await expect(preview).toContainText(`會員：黃**（電話尾號 ${member.phone.slice(-4)}）`);
  await expect(preview.getByRole("listitem")).not.toHaveCount(0);
  await expect(preview).not.toContainText(member.phone);
  await page.getByRole("dialog").getByRole("button", { name: "確認已取貨" }).click();
  await expectToast(page, `訂單已更新：${number} 已取貨`);
  await expect(page.getByTestId("collected")).toContainText(`已取貨：${number}`);
  await page.screenshot({ path: test.info().outputPath("collected.png"), fullPage: true });
  // The print view lists the point's orders with their codes.
  await visit(page, `/admin/order/print?point=${point.id}`);
  await expect(page.getByTestId("print-row").filter({ hasText: number })).toContainText(pickupCode);
  await page.screenshot({ path: test.info().outputPath("print.png"), fullPage: true });
  await visit(page, "/admin/order");
  // A second scan of the same code is refused.
  await page.getByLabel("取貨碼").fill(pickupCode);
  await page.getByRole("button", { name: "確認取貨" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "確認已取貨" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "不能重複取貨" })).toBeVisible();

  // A discount code, from the menu.
  await visit(page, "/admin/discount");
  await page.getByRole("link", { name: "新增優惠碼" }).click();
  await expect(page).toHaveURL("/admin/discount/new");
  const code = `e2e${run}`;
  await page.getByRole("textbox", { name: /^優惠碼/ }).fill(code);
  await page.getByLabel(/^付款百分比/).fill("150");
  await page.getByRole("button", { name: "新增優惠碼" }).click();
  await expect(page.getByText("請輸入 0 至 100 的整數")).toBeVisible();
  await page.getByLabel(/^付款百分比/).fill("85");
  await page.getByLabel(/^總使用上限/).fill("20");
  await page.getByRole("button", { name: "新增優惠碼" }).click();
  await expectToast(page, "已新增優惠碼");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`編輯優惠碼：${code.toUpperCase()}`);
  await page.screenshot({ path: test.info().outputPath("discount-edit.png"), fullPage: true });
  await visit(page, `/admin/discount?q=${code}`);
  const codeRow = page.getByRole("row").filter({ hasText: code.toUpperCase() });
  await expect(codeRow).toContainText("85%（85折）");
  await expect(codeRow).toContainText("使用中");
  await page.screenshot({ path: test.info().outputPath("discounts.png"), fullPage: true });
});
