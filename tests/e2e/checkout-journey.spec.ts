import type { Page } from "@playwright/test";
import pg from "pg";
import { customerHeaders, newMember } from "./support/members.ts";
import { E2E_DATABASE_URL } from "./support/server-env.ts";
import { ADMIN_STATE, signInNewMember } from "./support/sessions.ts";
import {
  anotherPerson,
  expect,
  expectNoSeriousA11yViolations,
  expectToast,
  test,
  visit,
} from "./support/test.ts";

// Issue 5, the whole purchase on a phone: a member buys a general, a limited, an in-stock and a
// weight-priced item, pays by card (the sandbox in demo mode), finds the order with its pickup code
// and QR, reads the invoice; an admin marks the pickup point ready and collects the order by code.

test.use(customerHeaders());

async function sql<Row extends Record<string, unknown>>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** One published demo product per kind, none of them wine (no age question) and none sold out. */
async function productsToBuy() {
  const pick = async (where: string) => {
    const [row] = await sql<{ id: number; name: string }>(
      `select id, name from products where is_published and not age_restricted
         and (stock is null or stock >= 5) and ${where} order by id limit 1`,
    );
    if (!row) throw new Error(`the demo shop has no product where ${where}`);
    return row;
  };
  return [
    await pick("mode = 'general' and unit = '件'"),
    await pick("mode = 'limited' and unit = '件'"),
    await pick("mode = 'instock' and unit = '件'"),
    await pick("unit <> '件'"),
  ];
}

async function addFromDrawer(page: Page, product: { id: number; name: string }) {
  await visit(page, `/all?product=${product.id}`);
  const drawer = page.getByTestId("product-drawer");
  await expect(drawer).toContainText(product.name);
  await drawer.getByRole("button", { name: "加入購物車", exact: true }).click();
  await expectToast(page, "已加入購物車");
}

test("a member buys four kinds of item, pays by card and collects the order by its code @phone-only", async ({
  page,
  browser,
}) => {
  test.slow(); // four additions, a checkout, a payment and an admin's two steps
  const run = Math.random().toString(36).slice(2, 7);
  const pointName = `旅程取貨點${run}`;
  const [point] = await sql<{ id: number; district: string }>(
    `insert into pickup_points (district_id, name, address, delivery_charge_cents, position)
     select id, $1, '九龍觀塘開源道 2 號地下', 1500, 9999 from pickup_districts order by position, id limit 1
     returning id, (select name from pickup_districts d where d.id = district_id) as district`,
    [pointName],
  );
  const products = await productsToBuy();
  await signInNewMember(page, newMember("何", `四件${run}`));
  for (const product of products) await addFromDrawer(page, product);

  await visit(page, "/checkout");
  await page.getByRole("combobox", { name: "地區", exact: true }).selectOption({ label: point!.district });
  await page.getByRole("radiogroup", { name: "自取點" }).getByLabel(new RegExp(pointName)).check();
  const amounts = page.getByTestId("checkout-amounts");
  await expect(amounts).toContainText("$15.00");
  // The demo code from the top banner: 10% off the items.
  await page.getByLabel("優惠碼").fill("XMAS2022");
  await page.getByRole("button", { name: "套用" }).click();
  await expect(page.getByText("已套用 XMAS2022")).toBeVisible();
  await expect(amounts).toContainText("優惠碼折扣");
  await page.getByRole("button", { name: "確認訂單" }).click();
  await expect(page).toHaveURL(/\/payment\?order=G\d{6}-\d{6}$/);
  const number = new URL(page.url()).searchParams.get("order") ?? "";

  await page.getByRole("button", { name: /信用卡/ }).click();
  await page.getByRole("button", { name: "成功" }).click();
  await expect(page.getByRole("heading", { name: "付款成功" })).toBeVisible();

  await visit(page, "/order");
  const order = page.getByTestId("order").filter({ hasText: number });
  await expect(order).toContainText("已付款");
  for (const product of products) await expect(order).toContainText(product.name);
  await expect(order).toContainText(/估計 [\d.]+ (磅|斤|kg)/);
  await expect(order.getByTestId("pickup-qr").locator("svg")).toBeVisible();
  const pickupCode = ((await order.getByTestId("pickup-code").textContent()) ?? "").trim();
  expect(pickupCode).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
  await expectNoSeriousA11yViolations(page);

  await order.getByRole("link", { name: "收據" }).click();
  await expect(page).toHaveURL(`/invoice?order=${number}`);
  await expect(page.getByTestId("invoice-number")).toHaveText(number);
  await expect(page.getByTestId("invoice-line")).toHaveCount(4);
  await expect(page.getByTestId("invoice-totals")).toContainText("運費");
  await expect(page.getByTestId("invoice-totals")).toContainText("優惠碼折扣（9折）");
  await expect(page.getByTestId("invoice-totals")).toContainText("信用卡手續費");
  await expectNoSeriousA11yViolations(page);

  // The shop's side: the point's orders are ready, then the member collects with the code.
  const { context: staff, page: admin } = await anotherPerson(browser, {
    ...customerHeaders(),
    storageState: ADMIN_STATE,
  });
  await visit(admin, "/admin/order");
  const cycles = admin.getByRole("combobox", { name: "截單期數" });
  const openCycle = cycles.locator("option", { hasText: "接受訂單中" });
  await cycles.selectOption({ label: (await openCycle.textContent()) ?? "" });
  await expect(admin).toHaveURL(/cycle=\d+/);
  await admin.getByRole("combobox", { name: "自取點", exact: true }).selectOption({ label: pointName });
  await expect(admin).toHaveURL(new RegExp(`point=${point!.id}`));
  const ready = admin.getByTestId("ready-panel");
  await ready.getByRole("button", { name: "標示為可取貨並通知會員" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "確定並發送短訊" }).click();
  await expectToast(admin, "訂單已更新：1 張訂單已標示為可取貨");
  await admin.getByLabel("取貨碼").fill(pickupCode);
  await admin.getByRole("button", { name: "確認取貨" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "確認已取貨" }).click();
  await expectToast(admin, `訂單已更新：${number} 已取貨`);
  await staff.close();

  await visit(page, "/order");
  await expect(page.getByTestId("order").filter({ hasText: number })).toContainText("已取貨");
});
