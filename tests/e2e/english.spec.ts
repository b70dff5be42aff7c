import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test, visit, waitForHydration } from "./support/test.ts";

// The storefront in English under /en (issue 48, decision 0054) at phone width: the listing in
// English, its product drawer, and the header's language switch there and back, keeping the page
// and its query; axe passes in both languages.

const cards = (page: Page) => page.locator(".product-card");
const languageSwitch = (page: Page) => page.getByTestId("language-switch");

test.describe("English storefront", () => {
  test("lists /en/all in English, opens a product and switches language keeping the query", async ({
    page,
    context,
  }) => {
    await visit(page, "/en/all?sort=newest");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "All group buys" })).toBeVisible();
    await expect(page.getByTestId("listing-count")).toHaveText(/^\d+ products?$/);
    const first = cards(page).first();
    for (const label of ["Group price", "Regular price", "Market price"])
      await expect(first).toContainText(label);
    await expect(first).toContainText("HK$");
    await expect(first.getByRole("button", { name: "Add to cart", exact: true })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Group buy types" })).toBeVisible();
    // Links stay in English.
    await expect(page.getByRole("link", { name: "In stock" }).first()).toHaveAttribute("href", "/en/instock");

    // The drawer in English, then closed again with its button.
    await first.getByRole("heading").getByRole("link").click();
    const drawer = page.getByTestId("product-drawer");
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText("How the price works");
    await expectNoSeriousA11yViolations(page);
    await drawer.getByRole("button", { name: "Close product details" }).click();
    await expect(drawer).toBeHidden();

    // To Chinese: the same page and query, the choice kept in a cookie.
    await expect(languageSwitch(page)).toHaveText("中文");
    await languageSwitch(page).click();
    await expect(page).toHaveURL(/\/all\?sort=newest$/);
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-HK");
    await expect(page.getByRole("heading", { level: 1, name: "全部團購" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect((await context.cookies()).find((cookie) => cookie.name === "gather_lang")?.value).toBe("zh-HK");

    // And back to English.
    await expect(languageSwitch(page)).toHaveText("English");
    await languageSwitch(page).click();
    await expect(page).toHaveURL(/\/en\/all\?sort=newest$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "All group buys" })).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === "gather_lang")?.value).toBe("en");

    // Having chosen English, the home page address opens in English.
    await page.goto("/");
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("the side menu and header speak English at phone width", async ({ page }) => {
    await visit(page, "/en/instock");
    await expect(page.getByRole("heading", { level: 1, name: "In stock" })).toBeVisible();
    await page.getByTestId("menu-button").click();
    const menu = page.getByTestId("side-menu-drawer");
    await expect(menu.getByRole("heading", { name: "Menu" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "How it works" })).toHaveAttribute("href", "/en/guide");
    await expectNoSeriousA11yViolations(page);
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("link", { name: /^Cart, \d+ items? in your cart$/ })).toHaveAttribute(
      "href",
      "/en/cart",
    );
  });
});
