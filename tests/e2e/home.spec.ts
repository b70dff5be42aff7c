import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test, visit } from "./support/test.ts";

// Home (issue 2 item 8) and its popup (SPEC §2: one second after load, closable, closed for the visit).

/** Records, in the page, when a dialog first appears (ms since navigation start). */
async function watchForPopup(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __popupAt?: number; __domReadyAt?: number };
    document.addEventListener("DOMContentLoaded", () => {
      w.__domReadyAt = performance.now();
    });
    // A native <dialog> is in the page from the start and opens later; an ARIA one is added when it opens.
    new MutationObserver(() => {
      if (w.__popupAt === undefined && document.querySelector('dialog[open], [role="dialog"]')) {
        w.__popupAt = performance.now();
      }
    }).observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["open", "role"],
    });
  });
}

const popup = (page: Page) => page.getByRole("dialog");

test.describe("home popup", () => {
  test("appears about one second after load, not before", async ({ page }) => {
    await watchForPopup(page);
    await page.goto("/");
    await expect(popup(page)).toBeVisible({ timeout: 4_000 });
    const { popupAt, domReadyAt } = await page.evaluate(() => {
      const w = window as unknown as { __popupAt: number; __domReadyAt: number };
      return { popupAt: w.__popupAt, domReadyAt: w.__domReadyAt };
    });
    expect(popupAt - domReadyAt, "delay after the page loaded (ms)").toBeGreaterThanOrEqual(800);
    expect(popupAt - domReadyAt, "delay after the page loaded (ms)").toBeLessThan(3_000);
    await expectNoSeriousA11yViolations(page);
  });

  test("can be closed and stays closed for the rest of the visit", async ({ page }) => {
    await visit(page, "/");
    const dialog = popup(page);
    await expect(dialog).toBeVisible({ timeout: 4_000 });
    await dialog.getByRole("button", { name: /關閉/ }).click();
    await expect(dialog).toBeHidden();

    // Away and back through the shop's own links…
    await page.getByRole("contentinfo").getByRole("link", { name: "關於我們", exact: true }).click();
    await expect(page).toHaveURL("/about");
    await page
      .getByRole("banner")
      .getByRole("link", { name: /齊齊買/ })
      .click();
    await expect(page).toHaveURL("/");
    await page.waitForTimeout(1_500);
    await expect(dialog).toBeHidden();

    // …and after reloading in the same tab, which is still the same visit.
    await page.reload();
    await page.waitForTimeout(1_500);
    await expect(dialog).toBeHidden();
  });

  test("shows only on the home page", async ({ page }) => {
    await visit(page, "/about");
    await page.waitForTimeout(1_500);
    await expect(popup(page)).toHaveCount(0);
  });
});

test.describe("home content", () => {
  test("carousel with the XMAS2022 promotion, category and button tiles, merchants and brands", async ({
    page,
  }) => {
    await visit(page, "/");
    await expect(popup(page)).toBeVisible({ timeout: 4_000 });
    await popup(page).getByRole("button", { name: /關閉/ }).click();
    await expect(popup(page)).toBeHidden();

    const main = page.getByRole("main");
    // Carousel: several slides, one of them the XMAS2022 promotion.
    const carousel = main.getByRole("region", { name: /推廣|精選|輪播/ }).first();
    await expect(carousel).toBeVisible();
    await expect(carousel.getByRole("group")).not.toHaveCount(0);
    expect(await carousel.getByRole("group").count()).toBeGreaterThanOrEqual(2);
    await expect(carousel).toContainText("XMAS2022");

    // The eight category tiles (SPEC §2 "Home content").
    for (const name of [/牛/, /豬/, /套餐/, /蔬/, /急凍/, /乾貨/, /即食/, /生活/]) {
      await expect(main.getByRole("link", { name }).first()).toBeVisible();
    }
    // The four button tiles.
    for (const [name, href] of [
      ["團購教學", "/guide"],
      ["推薦計劃", "/referral"],
      ["自取點", "/location"],
      ["常見問題", "/qa"],
    ] as const) {
      await expect(main.getByRole("link", { name: new RegExp(name) }).first()).toHaveAttribute("href", href);
    }
    // Merchants and brands lists.
    expect(await main.locator('a[href^="/merchant/"]').count()).toBeGreaterThanOrEqual(5);
    expect(await main.locator('a[href^="/product?collection="]').count()).toBeGreaterThanOrEqual(6);
  });
});
