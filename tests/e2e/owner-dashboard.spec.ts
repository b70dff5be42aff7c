import { customerHeaders } from "./support/members.ts";
import { ADMIN_STATE, sql } from "./support/sessions.ts";
import { expect, test, visit } from "./support/test.ts";

// Issue 46 item 1: the admin opens the dashboard, chooses a cycle and reads its money, then opens
// the page of its own and sorts the products. The cycle is one of this journey's own, settled long
// ago, so no other journey's orders change its figures. Screenshots at both widths go to
// test-results/ for a person to look at.

test.use({ ...customerHeaders(), storageState: ADMIN_STATE });

/** A settled cycle `daysAgo` days back with one collected order: $123.45 of items, $20 delivery, paid by PayMe. */
async function pastCycle(daysAgo: number) {
  const [cycle] = await sql<{ id: number }>(
    `insert into order_cycles (cutoff_at, pickup_from, pickup_to, status, settled_at, created_at)
     values (now() - make_interval(days => $1), (now() - make_interval(days => $1 - 2))::date,
       (now() - make_interval(days => $1 - 3))::date, 'settled', now() - make_interval(days => $1), now() - make_interval(days => $1 + 7))
     returning id`,
    [daysAgo],
  );
  const [member] = await sql<{ id: string; phone: string }>(
    `insert into members (phone, first_name, last_name, email, created_at)
     values ('5' || lpad((floor(random() * 9999999))::text, 7, '0'), '老闆', '測', '', now() - make_interval(days => $1 + 1))
     returning id, phone`,
    [daysAgo],
  );
  const [product] = await sql<{ id: number; name: string; point: number }>(
    `select p.id, p.name, (select id from pickup_points order by id limit 1) as point
     from products p where p.mode = 'instock' order by p.id limit 1`,
  );
  const suffix = `${cycle!.id}${Date.now() % 100000}`;
  const [order] = await sql<{ id: number }>(
    `insert into orders (number, member_id, cycle_id, status, pickup_point_id, pickup_code, items_cents,
       delivery_fee_cents, payable_cents, payment_method, idempotency_key, paid_at, created_at)
     values ($1, $2, $3, 'collected', $4, $5, 12345, 2000, 14345, 'payme', $1, now() - make_interval(days => $6 + 1),
       now() - make_interval(days => $6 + 1))
     returning id`,
    [`E${suffix}`, member!.id, cycle!.id, product!.point, `OW${suffix}`.slice(0, 10), daysAgo],
  );
  await sql(
    `insert into order_lines (order_id, product_id, name, mode, unit, default_weight, quantity, price_cents,
       gather_price_cents, market_price_cents, unit_price_cents, amount_cents)
     values ($1, $2, $3, 'instock', '件', 1, 1, 12345, 12345, 15000, 12345, 12345)`,
    [order!.id, product!.id, product!.name],
  );
  await sql(
    `insert into payments (order_id, provider, provider_ref, amount_cents, status, received_cents)
     values ($1, 'payme', $2, 14345, 'succeeded', 14345)`,
    [order!.id, `payme_owner_${suffix}`],
  );
  // A $50.00 gift of dDollar, written as the dollars area writes one: the record and the balance.
  await sql(
    `with gift as (insert into dollar_ledger (member_id, amount_cents, reason, note, idempotency_key)
       values ($1, 5000, 'admin_adjustment', 'e2e', $2) returning member_id)
     update members set d_dollar_cents = d_dollar_cents + 5000 where id in (select member_id from gift)`,
    [member!.id, `owner-e2e-${suffix}`],
  );
  return { cycleId: cycle!.id, productName: product!.name, phone: member!.phone };
}

test("the owner reads a cycle's money on the dashboard and its products on the sales page", async ({
  page,
}) => {
  const { cycleId, productName, phone } = await pastCycle(400 + Math.floor(Math.random() * 200));
  await visit(page, "/admin");
  const sales = page.getByTestId("dashboard-sales");
  await expect(sales.getByRole("heading", { name: "本期生意" })).toBeVisible();
  await sales.getByRole("combobox", { name: "時段" }).selectOption("cycle");
  await sales.getByRole("combobox", { name: "哪一期" }).selectOption(String(cycleId));
  await sales.getByRole("button", { name: "顯示" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?period=cycle&key=${cycleId}$`));

  const money = sales.getByRole("table", { name: "貨款與淨收入" });
  await expect(
    money
      .getByRole("row", { name: /貨品銷售額/ })
      .getByRole("cell")
      .first(),
  ).toHaveText("$123.45");
  await expect(
    money
      .getByRole("row", { name: /收取運費/ })
      .getByRole("cell")
      .first(),
  ).toHaveText("$20.00");
  const receipts = sales.getByRole("table", { name: "收款與退款" });
  await expect(
    receipts
      .getByRole("row", { name: /^PayMe/ })
      .getByRole("cell")
      .first(),
  ).toHaveText("$143.45");
  await expect(
    receipts
      .getByRole("row", { name: /^信用卡/ })
      .getByRole("cell")
      .first(),
  ).toHaveText("$0.00");
  await expect(
    sales.getByTestId("sales-chart").first().locator(".recharts-bar-rectangle").first(),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("dashboard-1280.png"), fullPage: true });

  await sales.getByRole("link", { name: "查看完整銷售報表" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/sales\\?period=cycle&key=${cycleId}$`));
  await expect(page.getByRole("heading", { name: "銷售報表", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "每個產品的銷售" });
  await expect(table.getByRole("row", { name: new RegExp(productName) })).toContainText("$123.45");
  await page.getByRole("navigation", { name: "按類別查看" }).getByRole("link", { name: "自取點" }).click();
  await expect(page).toHaveURL(/by=point/);
  await expect(page.getByRole("table", { name: "每個自取點的銷售" }).getByRole("row")).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath("sales-1280.png"), fullPage: true });

  // The store credit owed: the total is the members' balances, and the ledger agrees.
  await page.getByRole("link", { name: "店舖欠會員的 dDollar" }).first().click();
  await expect(page).toHaveURL(/\/admin\/store-credit$/);
  // Other journeys move balances while this one runs: the page's two readings agree, and our member is listed.
  await expect(page.getByTestId("credit-outstanding")).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(
    page.getByRole("table", { name: "持有 dDollar 的會員" }).getByRole("link", { name: new RegExp(phone) }),
  ).toHaveAttribute("href", `/admin/dollar?q=${phone}`);
  await page.screenshot({ path: test.info().outputPath("store-credit-1280.png"), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, `/admin/sales?period=cycle&key=${cycleId}`);
  await page.screenshot({ path: test.info().outputPath("sales-390.png"), fullPage: true });
  await visit(page, `/admin?period=cycle&key=${cycleId}`);
  await expect(page.getByTestId("sales-period-label")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("dashboard-390.png"), fullPage: true });
});
