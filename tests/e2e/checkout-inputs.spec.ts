import pg from "pg";
import { customerHeaders, newMember } from "./support/members.ts";
import { E2E_DATABASE_URL } from "./support/server-env.ts";
import { signInNewMember } from "./support/sessions.ts";
import { expect, expectToast, test, visit } from "./support/test.ts";

// Issue 27, item 1: what the checkout form holds is what the order gets. A remark typed and the
// order confirmed at once once raced a draft save and landed the shopper on an empty cart.

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

test("a remark typed and the order confirmed at once: the order has it, and the next checkout starts clean @phone-only", async ({
  page,
}) => {
  const [product] = await sql<{ id: number; name: string }>(
    `select id, name from products where is_published and not age_restricted and mode = 'instock'
       and (stock is null or stock >= 5) order by id limit 1`,
  );
  const [point] = await sql<{ name: string; district: string }>(
    `select p.name, d.name as district from pickup_points p join pickup_districts d on d.id = p.district_id
       order by d.position, d.id, p.position, p.id limit 1`,
  );
  await signInNewMember(page, newMember("備", `註${Math.random().toString(36).slice(2, 7)}`));

  const addAndCheckout = async () => {
    await visit(page, `/all?product=${product!.id}`);
    await page.getByTestId("product-drawer").getByRole("button", { name: "加入購物車", exact: true }).click();
    await expectToast(page, "已加入購物車");
    await visit(page, "/checkout");
  };
  await addAndCheckout();
  await page.getByRole("combobox", { name: "地區", exact: true }).selectOption({ label: point!.district });
  await page.getByRole("radiogroup", { name: "自取點" }).getByLabel(new RegExp(point!.name)).check();
  await page.getByLabel(/備註/).fill("請放門口，唔該");
  await page.getByLabel("優惠碼").fill("XMAS2022");
  await page.getByRole("button", { name: "套用" }).click();
  await expect(page.getByText("已套用 XMAS2022")).toBeVisible();
  // From here on the only write is the order itself: nothing saved on the side can race it.
  const posts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === "POST" && path.startsWith("/checkout")) posts.push(path);
  });
  await page.getByLabel(/備註/).fill("請放門口，唔該晒");
  // Straight from the remark to the button, as a shopper does.
  await page.getByRole("button", { name: "確認訂單" }).click();

  await expect(page).toHaveURL(/\/payment\?order=G\d{6}-\d{6}$/);
  expect(posts).toEqual(["/checkout.data"]);
  await expect(page.getByText("購物車仍是空的")).toHaveCount(0);
  const number = new URL(page.url()).searchParams.get("order") ?? "";
  const [order] = await sql<{ remark: string; discount_cents: number }>(
    "select remark, discount_cents from orders where number = $1",
    [number],
  );
  expect(order).toMatchObject({ remark: "請放門口，唔該晒" });
  expect(order!.discount_cents).toBeGreaterThan(0);

  // The next order starts at the same point, without this order's remark or code.
  await addAndCheckout();
  await expect(page.getByLabel(/備註/)).toHaveValue("");
  await expect(page.getByLabel("優惠碼")).toHaveValue("");
  await expect(
    page.getByRole("radiogroup", { name: "自取點" }).getByLabel(new RegExp(point!.name)),
  ).toBeChecked();
});
