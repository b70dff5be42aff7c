import type { Page } from "@playwright/test";
import pg from "pg";
import { customerHeaders, newMember, register } from "./support/members.ts";
import { E2E_DATABASE_URL } from "./support/server-env.ts";
import { expect, expectToast, test, visit } from "./support/test.ts";

// Issue 27, item 8, on a 390×844 phone: nothing floats over prices or buttons, the receipt fits,
// and a discount reads the same everywhere.

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

/** Whether the WhatsApp button, wherever the page is scrolled, can lie over a button, link or price. */
async function chatFloats(page: Page): Promise<boolean> {
  return page
    .getByTestId("whatsapp-button")
    .evaluate((button) => getComputedStyle(button).position === "fixed");
}

async function fitsTheScreen(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    view: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

test("cart, checkout, payment and receipt keep the chat button off their prices; the receipt fits @phone-only", async ({
  page,
}) => {
  test.slow(); // a whole purchase
  const [product] = await sql<{ id: number }>(
    `select id from products where is_published and not age_restricted and mode = 'instock' and unit = '件'
       and (stock is null or stock >= 5) order by id limit 1`,
  );
  const [weighed] = await sql<{ id: number }>(
    `select id from products where is_published and not age_restricted and unit <> '件'
       and (stock is null or stock >= 5) order by id limit 1`,
  );
  const [point] = await sql<{ name: string; district: string }>(
    `select p.name, d.name as district from pickup_points p join pickup_districts d on d.id = p.district_id
       order by d.position, d.id, p.position, p.id limit 1`,
  );
  await register(page, newMember("手", `機${Math.random().toString(36).slice(2, 7)}`));
  await visit(page, "/all");
  expect(await chatFloats(page)).toBe(true);
  for (const { id } of [product!, weighed!]) {
    await visit(page, `/all?product=${id}`);
    await page.getByTestId("product-drawer").getByRole("button", { name: "加入購物車", exact: true }).click();
    await expectToast(page, "已加入購物車");
  }

  await visit(page, "/cart");
  expect(await chatFloats(page)).toBe(false);
  await visit(page, "/checkout");
  expect(await chatFloats(page)).toBe(false);
  await page.getByRole("combobox", { name: "地區", exact: true }).selectOption({ label: point!.district });
  await page.getByRole("radiogroup", { name: "自取點" }).getByLabel(new RegExp(point!.name)).check();
  await page.getByLabel("優惠碼").fill("XMAS2022");
  await page.getByRole("button", { name: "套用" }).click();
  // The shop's own way of writing it: 90% of the price is 「9折」.
  await expect(page.getByText("已套用 XMAS2022：貨品9折")).toBeVisible();
  await page.getByRole("button", { name: "確認訂單" }).click();
  await expect(page).toHaveURL(/\/payment\?order=/);
  expect(await chatFloats(page)).toBe(false);
  const number = new URL(page.url()).searchParams.get("order") ?? "";
  await page.getByRole("button", { name: /信用卡/ }).click();
  await page.getByRole("button", { name: "成功" }).click();
  await expect(page.getByRole("heading", { name: "付款成功" })).toBeVisible();

  await visit(page, `/invoice?order=${number}`);
  expect(await chatFloats(page)).toBe(false);
  await expect(page.getByTestId("invoice-totals")).toContainText("優惠碼折扣（9折）");
  await fitsTheScreen(page);
  const table = await page.locator("table").first().boundingBox();
  expect(table!.x + table!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("invoice-390.png"), fullPage: true });
});
