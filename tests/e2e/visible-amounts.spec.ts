import type { Page } from "@playwright/test";
import { customerHeaders, type NewMember, newMember } from "./support/members.ts";
import { signInNewMember, sql } from "./support/sessions.ts";
import { expect, test, visit } from "./support/test.ts";

// Issue 47 items 1–3 and 7, at 390×844 as a shopper and as pickup staff: a receipt only for money
// paid, one named paid figure, a statement that explains each credit, and the staff's header link.

test.use(customerHeaders());

async function memberId(member: NewMember): Promise<string> {
  const [row] = await sql<{ id: string }>("select id from members where phone = $1", [member.phone]);
  return row!.id;
}

/** A settled cycle of its own, so the journey's orders leave the shop's open cycle alone. */
async function settledCycle(): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into order_cycles (cutoff_at, pickup_from, pickup_to, status, settled_at)
     select now() - interval '3 days', today, today + 2, 'settled', now()
       from (select (now() at time zone 'Asia/Hong_Kong')::date as today) hk returning id`,
  );
  return row!.id;
}

/** The first pickup point: the staff journey's, and where every written order is collected. */
async function anyPoint(): Promise<number> {
  const [row] = await sql<{ id: number }>("select id from pickup_points order by id limit 1");
  return row!.id;
}

async function anyProduct(unit: "件" | "磅"): Promise<number> {
  const [row] = await sql<{ id: number }>(
    unit === "件"
      ? "select id from products where unit = '件' order by id limit 1"
      : "select id from products where unit <> '件' order by id limit 1",
  );
  return row!.id;
}

/** A pickup code as the shop makes them: six unambiguous characters. */
function pickupCode(): string {
  const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
  return Array.from({ length: 6 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
}

interface OrderInput {
  memberId: string;
  cycleId: number;
  status: string;
  paid: boolean;
  itemsCents: number;
  percentageDiscount?: number;
  discountCodeId?: number | null;
  dDollarUsedCents?: number;
  paymentMethod?: string | null;
  cardFeeCents?: number;
}

async function writeOrder(input: OrderInput): Promise<{ id: number; number: string; pickupCode: string }> {
  const tag = Math.random().toString(36).slice(2, 10).toUpperCase();
  const percentage = input.percentageDiscount ?? 100;
  const discount = input.itemsCents - Math.round((input.itemsCents * percentage) / 100);
  const dDollar = input.dDollarUsedCents ?? 0;
  const [row] = await sql<{ id: number; number: string; pickup_code: string }>(
    `insert into orders (number, member_id, cycle_id, status, pickup_point_id, pickup_code, percentage_discount,
       discount_code_id, items_cents, discount_cents, delivery_fee_cents, d_dollar_used_cents, payable_cents,
       card_fee_cents, payment_method, idempotency_key, paid_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, $12, $13, $14, $1, $15)
     returning id, number, pickup_code`,
    [
      `V47-${tag}`,
      input.memberId,
      input.cycleId,
      input.status,
      await anyPoint(),
      pickupCode(),
      percentage,
      input.discountCodeId ?? null,
      input.itemsCents,
      discount,
      dDollar,
      input.itemsCents - discount - dDollar,
      input.cardFeeCents ?? 0,
      input.paymentMethod ?? null,
      input.paid ? new Date() : null,
    ],
  );
  return { id: row!.id, number: row!.number, pickupCode: row!.pickup_code };
}

async function writeLine(
  orderId: number,
  line: {
    productId: number;
    name: string;
    unit: string;
    weight: number;
    price: number;
    gather: number;
    amount: number;
    actual?: number;
  },
): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into order_lines (order_id, product_id, name, mode, unit, default_weight, quantity, price_cents,
       gather_price_cents, market_price_cents, unit_price_cents, amount_cents, actual_weight)
     values ($1, $2, $3, 'general', $4, $5, 1, $6, $7, 0, $6, $8, $9) returning id`,
    [
      orderId,
      line.productId,
      line.name,
      line.unit,
      line.weight,
      line.price,
      line.gather,
      line.amount,
      line.actual ?? null,
    ],
  );
  return row!.id;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

test("the receipt of a cancelled, never-paid order states it and shows no payment or pickup code @phone-only", async ({
  page,
}) => {
  const member = await signInNewMember(page, newMember("未", "付款"));
  const order = await writeOrder({
    memberId: await memberId(member),
    cycleId: await settledCycle(),
    status: "cancelled",
    paid: false,
    itemsCents: 3_200,
  });
  await writeLine(order.id, {
    productId: await anyProduct("件"),
    name: "布包豆腐",
    unit: "件",
    weight: 1,
    price: 3_200,
    gather: 3_200,
    amount: 3_200,
  });
  await visit(page, `/invoice?order=${order.number}`);
  await expect(page.getByRole("heading", { name: "訂單明細（未付款）" })).toBeVisible();
  await expect(page.getByTestId("invoice-state")).toHaveText("已取消 · 未付款：此訂單沒有收取任何款項。");
  await expect(page.getByTestId("invoice-paid")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText("付款方式");
  await expect(page.locator("body")).not.toContainText(order.pickupCode);
  await shoot(page, "invoice-cancelled");

  await visit(page, "/order");
  const card = page.getByTestId("order").filter({ hasText: order.number });
  await expect(card.getByTestId("order-status")).toHaveText("已取消");
  await expect(card.getByTestId("pickup-code")).toHaveCount(0);
  await expect(card.getByTestId("pickup-qr")).toHaveCount(0);
});

test("a discounted weighed line's statement names the code's share, a missing line says 缺貨退款, and the paid figure is two named amounts @phone-only", async ({
  page,
}) => {
  const member = await signInNewMember(page, newMember("九", "折"));
  const id = await memberId(member);
  const cycleId = await settledCycle();
  const [code] = await sql<{ id: number }>("select id from discount_codes where lower(code) = 'xmas2022'");
  // DESIGN §4.8's example with XMAS2022: est. 2.5 磅 at $238 ($595.00), group $198 met, weighed 2.6 磅
  // → $514.80; after the code, $535.50 charged and $463.32 final: $72.18 back. Tofu $45.00, missing.
  const order = await writeOrder({
    memberId: id,
    cycleId,
    status: "collected",
    paid: true,
    itemsCents: 64_000,
    percentageDiscount: 90,
    discountCodeId: code!.id,
    dDollarUsedCents: 5_000,
    paymentMethod: "card",
    cardFeeCents: 789,
  });
  const beefProduct = await anyProduct("磅");
  const beef = await writeLine(order.id, {
    productId: beefProduct,
    name: "和牛原條牛柳",
    unit: "磅",
    weight: 2.5,
    price: 23_800,
    gather: 19_800,
    amount: 59_500,
    actual: 2.6,
  });
  const tofu = await writeLine(order.id, {
    productId: await anyProduct("件"),
    name: "布包豆腐",
    unit: "件",
    weight: 1,
    price: 4_500,
    gather: 4_500,
    amount: 4_500,
  });
  await sql(
    `insert into group_results (cycle_id, product_id, buyers, target_buyers, outcome) values ($1, $2, 1, 1, 'met')
     on conflict do nothing`,
    [cycleId, beefProduct],
  );
  await sql(
    "insert into pickup_shortages (order_line_id, order_id, reason, refund_cents) values ($1, $2, '破損', 4050)",
    [tofu, order.id],
  );
  await sql(
    `insert into dollar_ledger (member_id, amount_cents, reason, order_id, order_line_id, idempotency_key)
     values ($1, 7218, 'weight_refund', $2, $3, $5), ($1, 4050, 'missing_refund', $2, $4, $6)`,
    [id, order.id, beef, tofu, `v47-w-${beef}`, `v47-m-${tofu}`],
  );
  await sql("update members set d_dollar_cents = d_dollar_cents + 11268 where id = $1", [id]);

  await visit(page, "/order");
  const card = page.getByTestId("order").filter({ hasText: order.number });
  // One paid figure: $576.00 − $50.00 dDollar = $526.00 by card, + $7.89 fee.
  await expect(card.getByTestId("order-paid")).toHaveText("已付：信用卡 $533.89 · dDollar $50.00");
  await expect(card.getByTestId("pickup-code")).toHaveText(order.pickupCode);
  const lines = card.getByTestId("order-line");
  await expect(lines.filter({ hasText: "和牛原條牛柳" })).toContainText("結帳時 $595.00");
  await expect(lines.filter({ hasText: "和牛原條牛柳" })).toContainText("$514.80");
  await expect(lines.filter({ hasText: "布包豆腐" })).toContainText("缺貨退款");
  await card.getByText("結算明細").click();
  const statement = card.getByTestId("order-statement");
  await expect(statement.getByTestId("statement-paid-amount")).toHaveText(["信用卡$533.89", "dDollar$50.00"]);
  const credits = statement.getByTestId("statement-credit");
  await expect(credits.filter({ hasText: "和牛原條牛柳" })).toContainText("+$72.18");
  await expect(credits.filter({ hasText: "和牛原條牛柳" })).toContainText("已扣除優惠碼 XMAS2022（9折）");
  await expect(credits.filter({ hasText: "布包豆腐" })).toContainText("缺貨退款");
  await expect(credits.filter({ hasText: "布包豆腐" })).toContainText("已扣除優惠碼 XMAS2022（9折）");
  await shoot(page, "order-statement");

  await visit(page, `/invoice?order=${order.number}`);
  await expect(page.getByTestId("invoice-paid-amount")).toHaveText(["信用卡$533.89", "dDollar$50.00"]);
  await expect(page.getByTestId("invoice-credits")).toContainText("已扣除優惠碼 XMAS2022（9折）");
  await expect(page.getByTestId("invoice-line").filter({ hasText: "布包豆腐" })).toContainText("缺貨退款");
  await shoot(page, "invoice-paid");

  await visit(page, "/order/print");
  await expect(
    page.getByTestId("print-order").filter({ hasText: order.number }).getByTestId("order-paid"),
  ).toHaveText("已付：信用卡 $533.89 · dDollar $50.00");
});

test("pickup staff find their console from the header; a shopper has no such link @phone-only", async ({
  page,
}) => {
  const staff = await signInNewMember(page, newMember("取", "貨員"));
  await visit(page, "/about");
  await expect(page.getByTestId("pickup-link")).toHaveCount(0);
  await sql("insert into pickup_staff (member_id, pickup_point_id) values ($1, $2)", [
    await memberId(staff),
    await anyPoint(),
  ]);
  await visit(page, "/about");
  const link = page.getByTestId("pickup-link");
  await expect(link).toBeVisible();
  await expect(link).toHaveAccessibleName("取貨站");
  await shoot(page, "staff-link");
  await link.click();
  await expect(page).toHaveURL(/\/pickup$/);

  // The console shows a weighed line's pieces and weight: 「1 件（2.6 磅）」, not 「× 1 磅」.
  const order = await writeOrder({
    memberId: await memberId(staff),
    cycleId: await settledCycle(),
    status: "ready_for_pickup",
    paid: true,
    itemsCents: 59_500,
    paymentMethod: "card",
  });
  await writeLine(order.id, {
    productId: await anyProduct("磅"),
    name: "和牛原條牛柳",
    unit: "磅",
    weight: 2.5,
    price: 23_800,
    gather: 19_800,
    amount: 59_500,
    actual: 2.6,
  });
  await visit(page, `/pickup/order/${order.pickupCode}`);
  const line = page.getByTestId("pickup-lines").getByRole("listitem").filter({ hasText: "和牛原條牛柳" });
  await expect(line).toContainText("1 件（2.6 磅）");
  await expect(line).not.toContainText("× 1 磅");
  await shoot(page, "pickup-console-weighed");
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit(page, "/about");
  await expect(page.getByTestId("pickup-link")).toBeVisible();
  await expect(page.getByTestId("pickup-link")).toHaveText("取貨站");
});
