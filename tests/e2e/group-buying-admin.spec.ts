import pg from "pg";
import { customerHeaders, newMember } from "./support/members.ts";
import { outboxTo } from "./support/outbox.ts";
import { E2E_DATABASE_URL } from "./support/server-env.ts";
import { signInNewMember } from "./support/sessions.ts";
import {
  anotherPerson,
  expect,
  expectNoSeriousA11yViolations,
  expectToast,
  test,
  visit,
} from "./support/test.ts";

// Issue 6 items 1–6: an admin opens an order cycle, a member's order is paid in it, the cut-off
// passes, the admin settles it now, reads the settlement report and weighs a line in the weekly
// order; the member finds the group refund and the weight refund in /account/dollar and on the
// order's statement. Only one cycle can be open, so this journey replaces the shop's open cycle and
// runs alone once every other journey has finished (the `@cycle` tag, see playwright.config.ts);
// settling opens next week's cycle, so the shop takes orders again afterwards.

test.use(customerHeaders());

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Hong Kong wall-clock "2030-01-01T20:00" and calendar day, `days` from now. */
function hkLocal(days: number): { minute: string; day: string } {
  const hk = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString();
  return { minute: hk.slice(0, 16), day: hk.slice(0, 10) };
}

/**
 * A member's paid order in the cycle, written as checkout and payment leave it: 2 × a general
 * group buy at $100 (group price $80, target 1 buyer) and 1 × a 2 斤 salmon at $50/斤.
 */
async function paidOrderIn(cycleId: number, id: string, memberPhone: string) {
  return withDatabase(async (client) => {
    const {
      rows: [memberRow],
    } = await client.query<{ id: string }>("select id from members where phone = $1", [memberPhone]);
    const {
      rows: [category],
    } = await client.query<{ id: number }>("select id from categories order by id limit 1");
    const {
      rows: [point],
    } = await client.query<{ id: number }>("select id from pickup_points where active order by id limit 1");
    const product = async (name: string, fields: string, values: unknown[]) => {
      const {
        rows: [row],
      } = await client.query<{ id: number }>(
        `insert into products (slug, name, category_id, market_price_cents, ${fields})
         values ($1, $2, $3, 12000, ${values.map((_, index) => `$${index + 4}`).join(", ")}) returning id`,
        [`e2e-${name}-${id}`, `${name}${id}`, category!.id, ...values],
      );
      return row!.id;
    };
    const beef = await product("團購牛扒", "mode, price_cents, gather_price_cents, target_buyers", [
      "general",
      10_000,
      8_000,
      1,
    ]);
    const salmon = await product(
      "三文魚",
      "mode, price_cents, gather_price_cents, unit, default_weight, stock",
      ["instock", 6_000, 5_000, "斤", 2, 10],
    );
    const {
      rows: [order],
    } = await client.query<{ id: number }>(
      `insert into orders (number, member_id, cycle_id, status, pickup_point_id, pickup_code, items_cents,
         payable_cents, payment_method, idempotency_key, paid_at)
       values ($1, $2, $3, 'paid', $4, $5, 30000, 30000, 'sandbox', $6, now()) returning id`,
      [`E2E-${id}`, memberRow!.id, cycleId, point!.id, `W${id}`.toUpperCase().slice(0, 8), `e2e-${id}`],
    );
    await client.query(
      `insert into order_lines (order_id, product_id, name, mode, unit, default_weight, quantity, price_cents,
         gather_price_cents, market_price_cents, unit_price_cents, amount_cents)
       values ($1, $2, $3, 'general', '件', 1, 2, 10000, 8000, 12000, 10000, 20000),
              ($1, $4, $5, 'instock', '斤', 2, 1, 6000, 5000, 12000, 5000, 10000)`,
      [order!.id, beef, `團購牛扒${id}`, salmon, `三文魚${id}`],
    );
    return { beef: `團購牛扒${id}`, salmon: `三文魚${id}` };
  });
}

test("an admin settles a cycle and weighs a line; the member sees both refunds", { tag: "@cycle" }, async ({
  page,
  browser,
}) => {
  test.slow(); // a settlement and a weighing
  const id = Math.random().toString(36).slice(2, 8);
  // Whatever cycle is open closes as at its cut-off: this journey's cycle takes its place. The
  // server's cut-off job (and a settlement) may be closing a cycle at this moment and opening the
  // next week's: a plain UPDATE waits for that row, then cannot see the new open cycle (its snapshot
  // is older), which left one open and made creating ours fail with `openExists` (issue 28). Taking
  // the table's lock first waits for such a writer to commit, and the UPDATE then sees every cycle.
  // Closed now, it picks up today and tomorrow, before ours: a later cycle never picks up before an
  // earlier one (issue 47 item 8), and the open cycle's own days were a week away.
  await withDatabase(async (client) => {
    await client.query("begin");
    await client.query("lock table order_cycles in exclusive mode");
    await client.query(
      `update order_cycles set status = 'settling', cutoff_at = now() - interval '1 minute',
         pickup_from = (now() at time zone 'Asia/Hong_Kong')::date,
         pickup_to = (now() at time zone 'Asia/Hong_Kong')::date + 1
       where status = 'open'`,
    );
    await client.query("commit");
  });
  const { context: shopper, page: memberPage } = await anotherPerson(browser, customerHeaders());
  const member = await signInNewMember(memberPage);
  // An admin of the journey's own rather than the run's shared one: whole-shop journeys also run by
  // themselves (--no-deps), without the sign-in project.
  await signInNewMember(page, newMember("管", "理員"), { type: "admin" });

  await visit(page, "/admin/deadline");
  await page.getByRole("link", { name: "新增截單期" }).click();
  await expect(page).toHaveURL("/admin/deadline/new");
  const cutoff = hkLocal(2);
  await page.getByLabel("截單日期及時間").fill(cutoff.minute);
  await page.getByLabel("取貨日期（由）").fill(hkLocal(3).day);
  await page.getByLabel("取貨日期（至）").fill(hkLocal(5).day);
  await page.getByRole("button", { name: "新增並開始接受訂單" }).click();
  await expectToast(page, "新增成功");
  await expect(page).toHaveURL(/\/admin\/deadline\/\d+$/);
  const cycleId = Number(page.url().split("/").pop());
  await expect(page.getByTestId("cycle-record")).toContainText("接受訂單中");
  await expect(page.getByTestId("cycle-record")).toContainText("截單時間過後才可結算。");
  await page.screenshot({ path: test.info().outputPath("cycle-open.png"), fullPage: true });

  const names = await paidOrderIn(cycleId, id, member.phone);
  // The week goes by: the cut-off passes.
  await withDatabase((client) =>
    client.query("update order_cycles set cutoff_at = now() - interval '1 minute' where id = $1", [cycleId]),
  );
  await visit(page, `/admin/deadline/${cycleId}`);
  await page.getByRole("button", { name: "立即結算" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("結算後不能復原");
  await dialog.getByRole("button", { name: "確認結算" }).click();
  // 2 × ($100 − $80) back as the group met its target of one buyer.
  await expectToast(page, "結算完成：確認 1 張訂單，向 1 位會員退回 $40.00 dDollar");
  await expect(page).toHaveURL(`/admin/deadline/${cycleId}/report`);
  await expectNoSeriousA11yViolations(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("已結算");
  await expect(page.getByTestId("credited-total")).toHaveText("$40.00");
  await expect(page.getByRole("row").filter({ hasText: names.beef })).toContainText("成團");
  await page.screenshot({ path: test.info().outputPath("settlement-report.png"), fullPage: true });

  await page.getByRole("link", { name: "返回此期" }).click();
  // The page's own link (the back-office menu has one to the latest cycle as well).
  await page.getByRole("main").getByRole("link", { name: "每週訂單" }).click();
  await expect(page).toHaveURL(`/admin/weekly-order?cycle=${cycleId}`);
  await expect(page.getByRole("row").filter({ hasText: names.salmon })).toContainText("2 斤");
  await page.getByRole("link", { name: "秤重" }).click();
  await expect(page).toHaveURL(`/admin/weekly-order/weighing?cycle=${cycleId}`);
  await expectNoSeriousA11yViolations(page);
  const row = page.getByRole("row").filter({ hasText: names.salmon });
  await row.getByRole("textbox").fill("1.6");
  await row.getByRole("button", { name: "記錄" }).click();
  // 2 斤 charged $100.00; 1.6 斤 weighed: $80.00, $20.00 back.
  await expectToast(page, "已記錄重量，退回 $20.00 dDollar");
  await expect(row.getByTestId("actual-weight")).toHaveText("1.6 斤");
  await page.screenshot({ path: test.info().outputPath("weighing.png"), fullPage: true });

  // The member's side: both credits with their reasons, the running balance and the statement.
  await visit(memberPage, "/account/dollar");
  await expect(memberPage.getByTestId("dollar-balance")).toHaveText("$60.00");
  const records = memberPage.getByTestId("dollar-record");
  await expect(records.filter({ hasText: "成團退款" })).toContainText("+$40.00");
  await expect(records.filter({ hasText: "按實際重量退回差額" })).toContainText("+$20.00");
  await visit(memberPage, "/order");
  const order = memberPage.getByTestId("order").filter({ hasText: `E2E-${id}` });
  await expect(order).toContainText("已確認");
  await order.getByText("結算明細").click();
  const credits = order.getByTestId("statement-credit");
  await expect(credits.filter({ hasText: names.beef })).toContainText("+$40.00");
  await expect(credits.filter({ hasText: names.salmon })).toContainText("+$20.00");
  await expect(order.getByTestId("statement-final")).toHaveText("$240.00");
  await expectNoSeriousA11yViolations(memberPage);
  await shopper.close();
});

/**
 * Issue 27 item 7: an unpaid order (and one whose member said they paid by PayMe) need not hold
 * up a settlement. The admin closes the cycle now, presses 立即結算, reads how many orders are
 * unpaid and how many are PayMe claims, and confirms: they are cancelled (stock back), the member
 * is texted, and the cycle settles at once.
 */
test("an admin closes a cycle now and settles it, cancelling the unpaid orders", { tag: "@cycle" }, async ({
  page,
  browser,
}) => {
  test.slow(); // two registrations and a settlement
  const id = Math.random().toString(36).slice(2, 8);
  const { context: shopper, page: memberPage } = await anotherPerson(browser, customerHeaders());
  const member = await signInNewMember(memberPage);
  // Its own admin: the whole-shop journeys run without the sign-in setup project (--no-deps).
  await signInNewMember(page, newMember("管", "理員"), { type: "admin" });
  // This journey's cycle replaces whatever is open (see the journey above for the table lock).
  const cycleId = await withDatabase(async (client) => {
    await client.query("begin");
    await client.query("lock table order_cycles in exclusive mode");
    await client.query(
      "update order_cycles set status = 'settling', cutoff_at = now() - interval '1 minute' where status = 'open'",
    );
    const {
      rows: [cycle],
    } = await client.query<{ id: number }>(
      `insert into order_cycles (cutoff_at, pickup_from, pickup_to, status)
       values (now() + interval '2 days', (now() + interval '4 days')::date, (now() + interval '6 days')::date, 'open')
       returning id`,
    );
    await client.query("commit");
    return cycle!.id;
  });
  // Two unpaid orders of the member holding 1 and 2 of a product with 5 left; the second has a PayMe claim.
  const product = await withDatabase(async (client) => {
    const one = async <T>(text: string, values: unknown[]) => (await client.query(text, values)).rows[0] as T;
    const memberRow = await one<{ id: string }>("select id from members where phone = $1", [member.phone]);
    const category = await one<{ id: number }>("select id from categories order by id limit 1", []);
    const point = await one<{ id: number }>(
      "select id from pickup_points where active order by id limit 1",
      [],
    );
    const productRow = await one<{ id: number }>(
      `insert into products (slug, name, category_id, market_price_cents, mode, price_cents, gather_price_cents, stock)
       values ($1, $2, $3, 12000, 'instock', 6000, 5000, 5) returning id`,
      [`e2e-unpaid-${id}`, `未付款牛扒${id}`, category.id],
    );
    for (const [n, quantity] of [
      [1, 1],
      [2, 2],
    ] as const) {
      const order = await one<{ id: number }>(
        `insert into orders (number, member_id, cycle_id, status, pickup_point_id, pickup_code, items_cents,
           payable_cents, idempotency_key, expires_at)
         values ($1, $2, $3, 'pending_payment', $4, $5, $6, $6, $7, now() + interval '30 minutes') returning id`,
        [
          `E2U-${id}-${n}`,
          memberRow.id,
          cycleId,
          point.id,
          `U${n}${id}`.toUpperCase(),
          5_000 * quantity,
          `e2u-${id}-${n}`,
        ],
      );
      await client.query(
        `insert into order_lines (order_id, product_id, name, mode, unit, default_weight, quantity, price_cents,
           gather_price_cents, market_price_cents, unit_price_cents, amount_cents)
         values ($1, $2, $3, 'instock', '件', 1, $4, 6000, 5000, 12000, 5000, $5)`,
        [order.id, productRow.id, `未付款牛扒${id}`, quantity, 5_000 * quantity],
      );
      if (n === 2) {
        await client.query(
          "insert into payments (order_id, provider, provider_ref, amount_cents) values ($1, 'payme', $2, $3)",
          [order.id, `payme_E2U-${id}-${n}`, 5_000 * quantity],
        );
      }
    }
    await client.query("update products set stock = stock - 3 where id = $1", [productRow.id]);
    return productRow.id;
  });

  await visit(page, `/admin/deadline/${cycleId}`);
  // Issue 47 item 8: both cycles' pickup days are shown (and may be moved) before confirming.
  const closeEarly = page.getByTestId("close-early");
  await closeEarly.getByText("立即截單", { exact: true }).click();
  await expect(closeEarly).toContainText("截單時間會改為現在");
  await expect(closeEarly.getByLabel("此期取貨開始日")).toBeVisible();
  await expect(closeEarly.getByLabel("下一期取貨開始日")).toBeVisible();
  const closedFrom = await closeEarly.getByLabel("此期取貨開始日").inputValue();
  expect((await closeEarly.getByLabel("下一期取貨開始日").inputValue()) >= closedFrom).toBe(true);
  await page.screenshot({ path: test.info().outputPath("close-early-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("close-early-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await closeEarly.getByRole("button", { name: "確認立即截單" }).click();
  await expectToast(page, "此期已截單；下一期已開始接受訂單");
  await expect(page.getByTestId("cycle-record")).toContainText("已截單，待結算");

  await page.getByRole("button", { name: "立即結算" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("此期尚有 2 張訂單未付款，其中 1 張的會員表示已用 PayMe 或轉數快付款");
  await page.screenshot({ path: test.info().outputPath("settle-unpaid-dialog.png"), fullPage: true });
  await dialog.getByRole("button", { name: "取消 2 張未付款訂單並結算" }).click();
  await expectToast(page, "已取消 2 張未付款訂單並通知會員；結算完成");
  await expect(page).toHaveURL(`/admin/deadline/${cycleId}/report`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("已結算");

  const after = await withDatabase(async (client) => ({
    statuses: (
      await client.query<{ status: string }>(
        "select status from orders where number like $1 order by number",
        [`E2U-${id}-%`],
      )
    ).rows.map((row) => row.status),
    stock: (await client.query<{ stock: number }>("select stock from products where id = $1", [product]))
      .rows[0]!.stock,
  }));
  expect(after).toEqual({ statuses: ["cancelled", "cancelled"], stock: 5 });
  const messages = await outboxTo(page, member.phone);
  expect(messages.filter((message) => message.body.includes("已於結算時取消"))).toHaveLength(2);
  await shopper.close();
});
