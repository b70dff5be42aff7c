import pg from "pg";
import { customerHeaders, newMember, register } from "./support/members.ts";
import { E2E_DATABASE_URL } from "./support/server-env.ts";
import { expect, expectNoSeriousA11yViolations, expectToast, test, visit } from "./support/test.ts";

// Issue 27 item 5 (decision 0025), on a phone: after 「我已付款」 the member's order reads as waiting
// for the shop to confirm the payment, with the time by which it is confirmed or cancelled, and
// offers no way to pay again.

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

test("after 「我已付款」 the order waits for the shop's confirmation, with no pay button @phone-only", async ({
  page,
}) => {
  test.slow(); // a registration, a checkout and a PayMe claim
  const run = Math.random().toString(36).slice(2, 7);
  const pointName = `PayMe取貨點${run}`;
  const [point] = await sql<{ id: number; district: string }>(
    `insert into pickup_points (district_id, name, address, delivery_charge_cents, position)
     select id, $1, '九龍觀塘開源道 3 號地下', 0, 9999 from pickup_districts order by position, id limit 1
     returning id, (select name from pickup_districts d where d.id = district_id) as district`,
    [pointName],
  );
  const [product] = await sql<{ id: number; name: string }>(
    `select id, name from products where is_published and not age_restricted and mode = 'instock'
       and (stock is null or stock >= 5) order by id limit 1`,
  );
  await register(page, newMember("蔡", `付款${run}`));
  await visit(page, `/all?product=${product!.id}`);
  await page.getByTestId("product-drawer").getByRole("button", { name: "加入購物車", exact: true }).click();
  await expectToast(page, "已加入購物車");

  await visit(page, "/checkout");
  await page.getByRole("combobox", { name: "地區", exact: true }).selectOption({ label: point!.district });
  await page.getByRole("radiogroup", { name: "自取點" }).getByLabel(new RegExp(pointName)).check();
  await page.getByRole("button", { name: "確認訂單" }).click();
  await expect(page).toHaveURL(/\/payment\?order=G\d{6}-\d{6}$/);
  const number = new URL(page.url()).searchParams.get("order") ?? "";

  // Before the claim: an unpaid order, to be paid in time.
  await visit(page, "/order");
  const unpaid = page.getByTestId("order").filter({ hasText: number });
  await expect(unpaid.getByTestId("order-status")).toHaveText("待付款");
  await expect(unpaid.getByRole("link", { name: "付款" })).toBeVisible();

  await visit(page, `/payment?order=${number}`);
  await page.getByRole("button", { name: /PayMe/ }).click();
  await expect(page).toHaveURL(/\/payment\/payme\?order=/);
  await page.getByRole("button", { name: "我已付款", exact: true }).click();
  await expect(page).toHaveURL("/order");
  await expectToast(page, "已收到你的付款通知，職員核實後會確認訂單");

  const [claim] = await sql<{ deadline: string }>(
    `select to_char(expires_at at time zone 'Asia/Hong_Kong', 'FMYYYY"年"FMMM"月"FMDD"日" HH24:MI') as deadline
       from orders where number = $1`,
    [number],
  );
  const order = page.getByTestId("order").filter({ hasText: number });
  await expect(order.getByTestId("order-status")).toHaveText("待確認付款");
  const waiting = order.getByTestId("awaiting-confirmation");
  await expect(waiting).toContainText("正等待商店確認");
  await expect(waiting).toContainText(`商店會於 ${claim!.deadline}`);
  await expect(order).not.toContainText("否則訂單會自動取消");
  await expect(order.getByRole("link", { name: "付款" })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("order-awaiting.png"), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // The payment page says the same and offers no way to pay.
  await visit(page, `/payment?order=${number}`);
  await expect(page.getByTestId("awaiting-confirmation")).toContainText("等待商店確認付款");
  await expect(page.getByTestId("awaiting-confirmation")).toContainText(`商店會於 ${claim!.deadline}`);
  await expect(page.getByRole("button", { name: /PayMe|信用卡/ })).toHaveCount(0);
  await visit(page, `/payment/payme?order=${number}`);
  await expect(page.getByTestId("awaiting-confirmation")).toBeVisible();
  await expect(page.getByRole("button", { name: "我已付款", exact: true })).toHaveCount(0);
});
