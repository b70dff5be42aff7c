import pg from "pg";
import { customerHeaders, newMember, register } from "./support/members.ts";
import { E2E_DATABASE_URL } from "./support/server-env.ts";
import { expect, expectToast, test, visit } from "./support/test.ts";

// Issue 27, item 9, on a phone: what a shopper expects of a shop.

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

test("the header searches the whole shop from any storefront page, before any script @phone-only", async ({
  browser,
}) => {
  const context = await browser.newContext({ ...customerHeaders(), javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of ["/", "/qa", "/location"]) {
    await page.goto(path);
    const search = page.getByRole("search").filter({ has: page.getByLabel("搜尋全店貨品") });
    await expect(search).toBeVisible();
  }
  await page.getByLabel("搜尋全店貨品").fill("和牛");
  await page.getByRole("button", { name: "搜尋全店" }).click();
  await expect(page).toHaveURL(/\/product\?name=%E5%92%8C%E7%89%9B/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("搜尋「和牛」");
  await context.close();
});

test("a member filters their orders by status and cancels an unpaid one @phone-only", async ({ page }) => {
  const [product] = await sql<{ id: number }>(
    `select id from products where is_published and not age_restricted and mode = 'instock'
       and (stock is null or stock >= 5) order by id limit 1`,
  );
  const [point] = await sql<{ name: string; district: string }>(
    `select p.name, d.name as district from pickup_points p join pickup_districts d on d.id = p.district_id
       order by d.position, d.id, p.position, p.id limit 1`,
  );
  await register(page, newMember("取", `消${Math.random().toString(36).slice(2, 7)}`));
  await visit(page, `/all?product=${product!.id}`);
  await page.getByTestId("product-drawer").getByRole("button", { name: "加入購物車", exact: true }).click();
  await expectToast(page, "已加入購物車");
  await visit(page, "/checkout");
  await page.getByRole("combobox", { name: "地區", exact: true }).selectOption({ label: point!.district });
  await page.getByRole("radiogroup", { name: "自取點" }).getByLabel(new RegExp(point!.name)).check();
  await page.getByRole("button", { name: "確認訂單" }).click();
  await expect(page).toHaveURL(/\/payment\?order=/);
  const number = new URL(page.url()).searchParams.get("order") ?? "";
  const [before] = await sql<{ stock: number }>("select stock from products where id = $1", [product!.id]);

  await visit(page, "/order");
  const filters = page.getByRole("navigation", { name: "訂單狀態" });
  await filters.getByRole("link", { name: "已付款" }).click();
  await expect(page).toHaveURL("/order?status=paid");
  await expect(page.getByText("沒有這個狀態的訂單。")).toBeVisible();
  await filters.getByRole("link", { name: "待付款" }).click();
  const order = page.getByTestId("order").filter({ hasText: number });
  await expect(order).toBeVisible();

  await order.getByText("取消訂單", { exact: true }).click();
  await order.getByRole("button", { name: "確定取消訂單" }).click();
  await expectToast(page, `訂單 ${number} 已取消`);
  await filters.getByRole("link", { name: "已取消" }).click();
  await expect(page.getByTestId("order").filter({ hasText: number })).toContainText("已取消");
  const [after] = await sql<{ stock: number }>("select stock from products where id = $1", [product!.id]);
  expect(after!.stock).toBe(before!.stock + 1);
});
