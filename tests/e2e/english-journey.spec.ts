import type { Page } from "@playwright/test";
import { codeFor, customerHeaders, newPhone } from "./support/members.ts";
import { outboxTo } from "./support/outbox.ts";
import { sql } from "./support/sessions.ts";
import { expect, expectNoSeriousA11yViolations, expectToast, test, visit } from "./support/test.ts";

// Issue 48 item 7: a shopper who reads English registers, shops, checks out and pays in English at
// phone width, every page in English with axe passing, and hears from the shop in English.

test.use(customerHeaders());

/** Two published demo products of different kinds, neither sold out nor age-restricted. */
async function productsToBuy() {
  const pick = async (where: string) => {
    const [row] = await sql<{ id: number; name_en: string }>(
      `select id, name_en from products where is_published and not age_restricted and name_en <> ''
         and (stock is null or stock >= 5) and ${where} order by id limit 1`,
    );
    if (!row) throw new Error(`the demo shop has no product with an English name where ${where}`);
    return row;
  };
  return [await pick("mode = 'general' and unit = '件'"), await pick("mode = 'instock' and unit = '件'")];
}

async function expectEnglishPage(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expectNoSeriousA11yViolations(page);
}

test("a shopper registers, shops, checks out and pays in English @phone-only", async ({ page }) => {
  test.slow(); // a registration, two additions, a checkout and a payment
  const phone = newPhone("5");
  await visit(page, "/en/register");
  await expectEnglishPage(page);
  await page.getByLabel("Phone number", { exact: true }).fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await expectToast(page, "Code sent");
  await page.getByLabel("Code", { exact: true }).fill(await codeFor(page, phone));
  await page.getByLabel("Last name").fill("Santos");
  await page.getByLabel("First name").fill("Maria");
  await page.getByLabel("Email").fill(`maria${phone}@example.hk`);
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page).toHaveURL("/en/success-registration");
  await expectEnglishPage(page);
  // The code came in English too: the page it was asked on is English.
  expect(
    (await outboxTo(page, phone)).some((message) => message.body.includes("Your verification code is")),
  ).toBe(true);

  const products = await productsToBuy();
  for (const product of products) {
    await visit(page, `/en/all?product=${product.id}`);
    const drawer = page.getByTestId("product-drawer");
    await expect(drawer).toContainText(product.name_en);
    await drawer.getByRole("button", { name: "Add to cart", exact: true }).click();
    await expectToast(page, "Added to your cart");
  }

  await visit(page, "/en/cart");
  await expectEnglishPage(page);
  await page.getByRole("link", { name: "Check out" }).first().click();
  await expect(page).toHaveURL("/en/checkout");
  const district = page.getByRole("combobox", { name: "District", exact: true });
  await district.selectOption({ index: 1 });
  const points = page.getByRole("radiogroup", { name: "Pickup point" });
  await points.getByRole("radio").first().check();
  await expect(page.getByTestId("checkout-amounts")).toContainText("HK$");
  await expectEnglishPage(page);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/en\/payment\?order=G\d{6}-\d{6}$/);
  const number = new URL(page.url()).searchParams.get("order") ?? "";
  await expectEnglishPage(page);

  await page.getByRole("button", { name: /^Card/ }).click();
  await expect(page).toHaveURL(/\/en\/payment\/sandbox/);
  await page.getByRole("button", { name: "Succeed" }).click();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/payment\/success/);
  await expectEnglishPage(page);

  await visit(page, "/en/order");
  const order = page.getByTestId("order").filter({ hasText: number });
  await expect(order).toContainText("Paid");
  await expect(order).toContainText("HK$");
  // Its lines by the English names they were sold under.
  for (const product of products) await expect(order).toContainText(`${product.name_en} × 1`);
  await expectEnglishPage(page);

  // The shop tells them in English: the member reads English since registering here.
  const [member] = await sql<{ locale: string }>("select locale from members where phone = $1", [phone]);
  expect(member?.locale).toBe("en");
  await expect
    .poll(async () => (await outboxTo(page, phone)).map((message) => message.body).join("\n"), {
      timeout: 15_000,
    })
    .toContain(`[Gather] Order ${number} is paid`);
});
