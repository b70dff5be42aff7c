import { customerHeaders, newMember } from "./support/members.ts";
import { ADMIN_STATE, signInNewMember, sql } from "./support/sessions.ts";
import { anotherPerson, expect, expectToast, test, visit } from "./support/test.ts";

// Issue 46 item 4 (decision 0052): the admin opens the sales page, chooses a cycle, goes to its
// orders, marks a line missing and refunds it to the card (the sandbox provider refunds at once in
// demo mode), and the member reads the refund on their order. The cycle and the order are this
// journey's own, settled long ago, so no other journey's orders are touched.

test.use({ ...customerHeaders(), storageState: ADMIN_STATE });

/** A settled cycle with one collected order of `memberId`: one $123.45 line, paid by card in the sandbox. */
async function collectedCardOrder(memberPhone: string, daysAgo: number) {
  const [cycle] = await sql<{ id: number }>(
    `insert into order_cycles (cutoff_at, pickup_from, pickup_to, status, settled_at, created_at)
     values (now() - make_interval(days => $1), (now() - make_interval(days => $1 - 2))::date,
       (now() - make_interval(days => $1 - 3))::date, 'settled', now() - make_interval(days => $1), now() - make_interval(days => $1 + 7))
     returning id`,
    [daysAgo],
  );
  const [product] = await sql<{ id: number; name: string; point: number }>(
    `select p.id, p.name, (select id from pickup_points order by id limit 1) as point
     from products p where p.mode = 'instock' order by p.id limit 1`,
  );
  const suffix = `${cycle!.id}${Date.now() % 100000}`;
  const [order] = await sql<{ id: number; number: string }>(
    `insert into orders (number, member_id, cycle_id, status, pickup_point_id, pickup_code, items_cents,
       payable_cents, payment_method, idempotency_key, paid_at, created_at)
     select $1, m.id, $2, 'collected', $3, $4, 12345, 12345, 'sandbox', $1, now() - make_interval(days => $5 + 1),
       now() - make_interval(days => $5 + 1)
     from members m where m.phone = $6
     returning id, number`,
    [`R${suffix}`, cycle!.id, product!.point, `RF${suffix}`.slice(0, 10), daysAgo, memberPhone],
  );
  await sql(
    `insert into order_lines (order_id, product_id, name, mode, unit, default_weight, quantity, price_cents,
       gather_price_cents, market_price_cents, unit_price_cents, amount_cents)
     values ($1, $2, $3, 'instock', '件', 1, 1, 12345, 12345, 15000, 12345, 12345)`,
    [order!.id, product!.id, product!.name],
  );
  await sql(
    `insert into payments (order_id, provider, provider_ref, amount_cents, status, received_cents)
     values ($1, 'sandbox', $2, 12345, 'succeeded', 12345)`,
    [order!.id, `sandbox_refund_e2e_${suffix}`],
  );
  return { cycleId: cycle!.id, number: order!.number, productName: product!.name };
}

test("the admin refunds a missing line to the card from a cycle's orders, and the member sees it", async ({
  page,
  browser,
}) => {
  const { page: memberPage, context } = await anotherPerson(browser);
  const member = await signInNewMember(memberPage, newMember("李", "退款"));
  const { cycleId, number, productName } = await collectedCardOrder(
    member.phone,
    600 + Math.floor(Math.random() * 200),
  );

  await visit(page, "/admin/sales");
  const picker = page.getByTestId("sales-period");
  await picker.getByRole("combobox", { name: "時段" }).selectOption("cycle");
  await picker.getByRole("button", { name: "顯示" }).click();
  await picker.getByRole("combobox", { name: "哪一期" }).selectOption(String(cycleId));
  await picker.getByRole("button", { name: "顯示" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/sales\\?period=cycle&key=${cycleId}`));

  await page.getByRole("link", { name: "查看這期的訂單" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/order\\?cycle=${cycleId}`));
  await page.getByRole("link", { name: `查看訂單 ${number}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(number);

  const lines = page.getByTestId("order-lines");
  const line = lines.getByRole("row", { name: new RegExp(productName) });
  await line.getByRole("combobox", { name: "退款方式" }).selectOption("card");
  await line.getByRole("button", { name: "缺貨退款" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`把「${productName}」標為缺貨並退款？`);
  await dialog.getByRole("button", { name: "確定退款" }).click();
  await expectToast(page, `訂單 ${number} 已退款 $123.45（退回信用卡）`);
  await expect(page.getByTestId("order-refunds")).toContainText("信用卡 · 缺貨 · 已退款");
  await expect(line).toContainText("已標為缺貨並退款");
  await page.screenshot({ path: test.info().outputPath("order-refunded-1280.png"), fullPage: true });

  // The member's order: the refund, where it went and that it is done.
  await visit(memberPage, "/order?status=collected");
  const order = memberPage.getByTestId("order").filter({ hasText: number });
  await order.getByText("結算明細").click();
  const refund = order.getByTestId("statement-refund");
  await expect(refund).toContainText(`退回信用卡（缺貨：${productName}）`);
  await expect(refund).toContainText("已退款");
  await expect(refund).toContainText("$123.45");
  await context.close();
});
