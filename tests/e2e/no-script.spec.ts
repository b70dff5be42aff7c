import type { Page } from "@playwright/test";
import { codeFor, customerHeaders, newMember } from "./support/members.ts";
import { createMember, signInNewMember, sql } from "./support/sessions.ts";
import { expect, test } from "./support/test.ts";

// Issue 30 item 6: no tap is lost before the script arrives. With JavaScript off, every storefront
// action is a form the browser posts itself, and the server sends it back where it was: add to cart
// from a listing and from a product's page, quantity, remove, the discount code, the pickup point,
// the order and its sandbox payment; sign-in and registration.

test.use({ ...customerHeaders(), javaScriptEnabled: false });

/** Opens a page as the browser does without scripts (no hydration to wait for). */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
}

/** The message a toast would give, written into the page for a browser without scripts. */
function notice(page: Page) {
  return page.getByTestId("noscript-toast");
}

/** Two in-stock products anyone can buy (no age question, enough stock). */
async function twoProducts() {
  const rows = await sql<{ id: number; name: string }>(
    `select id, name from products
      where is_published and not age_restricted and mode = 'instock' and unit = '件'
        and (stock is null or stock >= 5)
      order by id limit 2`,
  );
  if (rows.length < 2) throw new Error("the demo shop has fewer than two in-stock products");
  return rows as [{ id: number; name: string }, { id: number; name: string }];
}

test("a member fills the cart, applies a code, picks a pickup point, places the order and pays, all without JavaScript", async ({
  page,
}) => {
  test.slow(); // every step is a whole page load
  const run = Math.random().toString(36).slice(2, 7);
  const pointName = `無腳本取貨點${run}`;
  const [point] = await sql<{ district: string }>(
    `insert into pickup_points (district_id, name, address, delivery_charge_cents, position)
     select id, $1, '九龍旺角彌敦道 600 號地下', 0, 9999 from pickup_districts order by position, id limit 1
     returning (select name from pickup_districts d where d.id = district_id) as district`,
    [pointName],
  );
  const [first, second] = await twoProducts();
  const member = await signInNewMember(page, newMember("林", `無腳本${run}`));

  // From a listing: the card's button posts the form and the listing comes back with the message.
  const listing = `/product?${new URLSearchParams({ name: first.name })}`;
  await open(page, listing);
  const card = page.locator(".product-card").filter({ hasText: first.name }).first();
  await card.getByRole("button", { name: "加入購物車", exact: true }).click();
  await expect(page).toHaveURL(listing);
  await expect(notice(page)).toHaveText("已加入購物車");
  await expect(page.getByTestId("cart-badge").first()).toHaveText("1");

  // From the product's own page (a shared drawer link, written open in the HTML).
  await open(page, `/all?product=${second.id}`);
  const drawer = page.getByTestId("product-drawer");
  await expect(drawer.getByRole("heading", { level: 2 })).toHaveText(second.name);
  await drawer.getByRole("button", { name: "加入購物車", exact: true }).click();
  await expect(page).toHaveURL(`/all?product=${second.id}`);
  await expect(notice(page)).toHaveText("已加入購物車");
  await expect(page.getByTestId("cart-badge").first()).toHaveText("2");
  // Its close button is a form too: the page without the drawer.
  await drawer.getByRole("button", { name: "關閉產品詳情" }).click();
  await expect(page).toHaveURL(/\/all\??$/);
  await expect(page.getByTestId("product-drawer")).toBeHidden();

  // The cart: one more of the first, the second removed.
  await open(page, "/cart");
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  const firstLine = lines.filter({ hasText: first.name });
  await firstLine.getByRole("button", { name: `${first.name} 加一` }).click();
  await expect(page).toHaveURL("/cart");
  await expect(notice(page)).toHaveText("已更新購物車");
  await expect(firstLine.getByTestId("cart-quantity")).toHaveText("2");
  await lines
    .filter({ hasText: second.name })
    .getByRole("button", { name: `從購物車移除 ${second.name}` })
    .click();
  await expect(notice(page)).toHaveText("已從購物車移除");
  await expect(lines).toHaveCount(1);

  await page.getByRole("link", { name: "結帳", exact: true }).click();
  await expect(page).toHaveURL("/checkout");

  // The demo code from the top banner: 10% off the items, shown once the page comes back.
  await page.getByLabel("優惠碼").fill("XMAS2022");
  await page.getByRole("button", { name: "套用" }).click();
  await expect(page).toHaveURL("/checkout");
  await expect(page.getByText("已套用 XMAS2022")).toBeVisible();
  await expect(page.getByTestId("checkout-amounts")).toContainText("優惠碼折扣");

  // The district is picked with its own button; the page comes back with its points to tick.
  await page.getByRole("combobox", { name: "地區", exact: true }).selectOption({ label: point!.district });
  await page.getByRole("button", { name: "顯示自取點" }).click();
  await expect(page).toHaveURL(/\/checkout\?district=\d+$/);
  await expect(page.getByText("已套用 XMAS2022")).toBeVisible();
  await page.getByRole("radiogroup", { name: "自取點" }).getByLabel(new RegExp(pointName)).check();
  await page.getByRole("button", { name: "確認訂單" }).click();
  await expect(page).toHaveURL(/\/payment\?order=G\d{6}-\d{6}$/);
  const number = new URL(page.url()).searchParams.get("order") ?? "";

  await page.getByRole("button", { name: /信用卡/ }).click();
  await page.getByRole("button", { name: "成功" }).click();
  await expect(page.getByRole("heading", { name: "付款成功" })).toBeVisible();

  const [order] = await sql<{ status: string; percentage_discount: number; lines: number; quantity: number }>(
    `select o.status, o.percentage_discount, count(l.*)::int as lines, sum(l.quantity)::int as quantity
       from orders o join members m on m.id = o.member_id join order_lines l on l.order_id = o.id
      where o.number = $1 and m.phone = $2
      group by o.id`,
    [number, member.phone],
  );
  expect(order).toEqual({ status: "paid", percentage_discount: 90, lines: 1, quantity: 2 });
});

test("sign-in without JavaScript: the code is sent, the number kept, and the member goes back", async ({
  page,
}) => {
  const member = newMember("黃", "無腳本");
  await createMember(member);
  await open(page, "/login?redirectTo=%2Fcart");
  await page.getByLabel("電話號碼", { exact: true }).fill(member.phone);
  await page.getByRole("button", { name: "發送驗證碼" }).click();
  await expect(page.getByRole("status").filter({ hasText: "驗證碼已發送" })).toBeVisible();
  await expect(page.getByLabel("電話號碼", { exact: true })).toHaveValue(member.phone);
  await page.getByLabel("驗證碼").fill(await codeFor(page, member.phone));
  await page.getByRole("button", { name: "登入", exact: true }).click();
  await expect(page).toHaveURL("/cart");
  await expect(notice(page)).toHaveText("登入成功");
});

test("registration without JavaScript", async ({ page }) => {
  const member = newMember("吳", "無腳本");
  await open(page, "/register");
  await page.getByLabel("電話號碼", { exact: true }).fill(member.phone);
  await page.getByRole("button", { name: "發送驗證碼" }).click();
  await expect(page.getByRole("status").filter({ hasText: "驗證碼已發送" })).toBeVisible();
  await page.getByLabel("驗證碼").fill(await codeFor(page, member.phone));
  await page.getByLabel("姓氏").fill(member.lastName);
  await page.getByLabel("名字").fill(member.firstName);
  await page.getByLabel("電郵").fill(member.email);
  await page.getByRole("button", { name: "註冊", exact: true }).click();
  await expect(page).toHaveURL("/success-registration");
  await expect(notice(page)).toHaveText("註冊成功");
  const [row] = await sql<{ first_name: string }>("select first_name from members where phone = $1", [
    member.phone,
  ]);
  expect(row?.first_name).toBe(member.firstName);
});

test("a subcategory without JavaScript: the side menu's category leads to its page, which lists its subcategories", async ({
  page,
  phone,
}) => {
  if (phone) {
    // The phone's menu is a drawer the script opens; the category's page is what its link opens.
    await open(page, "/product?cat=beef");
  } else {
    await open(page, "/all");
    const beef = page.getByTestId("side-menu").locator("details").filter({ hasText: "牛肉" }).first();
    await beef.locator("summary").click();
    await beef.getByRole("link", { name: "全部牛肉" }).click();
    await expect(page).toHaveURL("/product?cat=beef");
  }
  const tabs = page.getByRole("navigation", { name: "牛肉分類" });
  await expect(tabs.getByRole("link", { name: /^全部/ })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: /^牛扒/ }).click();
  await expect(page).toHaveURL("/product?cat=beef&subcat=beef-steaks");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("牛扒");
  await expect(tabs.getByRole("link", { name: /^牛扒/ })).toHaveAttribute("aria-current", "page");
});
