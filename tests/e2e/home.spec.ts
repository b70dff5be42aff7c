import type { Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousA11yViolations,
  settle,
  test,
  visit,
  waitForHydration,
} from "./support/test.ts";

// Home (issue 2 item 8) and its popup (SPEC §2: one second after load, closable, closed for the visit).

/**
 * Records, in the page, when the document was parsed, when React had hydrated it (the popup's
 * timer starts then) and when a dialog first appears (ms since navigation start).
 */
async function watchForPopup(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __popupAt?: number; __domReadyAt?: number; __hydratedAt?: number };
    document.addEventListener("DOMContentLoaded", () => {
      w.__domReadyAt = performance.now();
    });
    const hydrated = () =>
      document.body && Object.keys(document.body).some((key) => key.startsWith("__reactFiber$"));
    const watchHydration = () => {
      if (hydrated()) w.__hydratedAt = performance.now();
      else requestAnimationFrame(watchHydration);
    };
    requestAnimationFrame(watchHydration);
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
/** SPEC §9: one second after load (POPUP_DELAY_MS in app/components/shop/home/promo-popup.tsx). */
const POPUP_DELAY_MS = 1_000;

/**
 * With `page.clock` installed and the page hydrated: runs the page's timers past the popup's delay
 * (a popup timer left running would fire now), lets React render what they started, and checks no
 * popup opened.
 */
async function expectNoPopupAfterItsDelay(page: Page) {
  await settle(page);
  await page.clock.runFor(POPUP_DELAY_MS + 500);
  await settle(page);
  await expect(popup(page)).toHaveCount(0);
}

test.describe("home popup", () => {
  test("on a slow phone whose scripts arrive late, shows as soon as the page works, not a second later", async ({
    page,
  }) => {
    // Six imports deep at 2.5 s each (below): more than the default 30 s once the page is loaded.
    test.setTimeout(60_000);
    await watchForPopup(page);
    // The page's scripts held back 2.5 s, as on a slow line (they load after the first paint).
    await page.route("**/assets/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });
    await page.goto("/");
    // The page's modules are found import by import (decision 0021), so held back 2.5 s each it
    // works only after 15 s or more, as many levels as the build's chunk graph has. That is the
    // slow line's doing, not the popup's: the journey waits for the page to be hydrated however
    // long the chain is (up to the test's time), and judges only the wait after that.
    await page.waitForFunction(
      () => (window as unknown as { __hydratedAt?: number }).__hydratedAt !== undefined,
      undefined,
      { timeout: 0 },
    );
    await expect(popup(page)).toBeVisible();
    const { popupAt, hydratedAt } = await page.evaluate(() => {
      const w = window as unknown as { __popupAt: number; __hydratedAt: number };
      return { popupAt: w.__popupAt, hydratedAt: w.__hydratedAt };
    });
    test
      .info()
      .annotations.push({ type: "hydrated after (ms)", description: String(Math.round(hydratedAt)) });
    expect(hydratedAt).toBeGreaterThan(2_000);
    expect(popupAt - hydratedAt, "wait after the page became interactive (ms)").toBeLessThan(700);
  });

  test("appears about one second after load, not before", async ({ page }) => {
    await watchForPopup(page);
    await page.goto("/");
    await expect(popup(page)).toBeVisible({ timeout: 10_000 });
    const { popupAt, hydratedAt } = await page.evaluate(() => {
      const w = window as unknown as { __popupAt: number; __hydratedAt: number };
      return { popupAt: w.__popupAt, hydratedAt: w.__hydratedAt };
    });
    // A second from the load (ms since navigation start), or at once when the page works later.
    expect(popupAt, "since the page was asked for (ms)").toBeGreaterThanOrEqual(POPUP_DELAY_MS - 50);
    expect(popupAt - Math.max(POPUP_DELAY_MS, hydratedAt), "wait beyond the second (ms)").toBeLessThan(700);
    await expectNoSeriousA11yViolations(page);
  });

  test("can be closed and stays closed for the rest of the visit", async ({ page }) => {
    // The page's own clock: "it stays closed" is checked by running the popup's second on it, not
    // by waiting a real one and a half.
    await page.clock.install();
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
    await expect(page.getByRole("main").getByRole("region", { name: "精選推介" })).toBeVisible();
    await expectNoPopupAfterItsDelay(page);

    // …and after reloading in the same tab, which is still the same visit.
    await page.reload();
    await waitForHydration(page);
    await expectNoPopupAfterItsDelay(page);
  });

  test("shows only on the home page", async ({ page }) => {
    await page.clock.install();
    await visit(page, "/about");
    await expectNoPopupAfterItsDelay(page);
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
    const carousel = main.getByRole("region", { name: "精選推介" });
    await expect(carousel).toBeVisible();
    expect(await carousel.getByRole("group").count()).toBeGreaterThanOrEqual(2);
    await expect(carousel).toContainText("XMAS2022");
    // Swiping loads after the page: once it has, the dots and the next button move the slides.
    // (Autoplay may already have moved on: pause, go to the first slide, then step to the second.)
    await carousel.getByRole("button", { name: "暫停" }).click();
    const dot = (n: number) => carousel.getByRole("button", { name: new RegExp(`^顯示第 ${n} 張`) });
    await expect(async () => {
      await dot(1).click();
      await expect(dot(1)).toHaveAttribute("aria-current", "true", { timeout: 1_000 });
    }).toPass();
    await carousel.getByRole("button", { name: "下一張" }).click();
    await expect(dot(2)).toHaveAttribute("aria-current", "true");
    // A swipe is the browser's own scrolling of the strip: the dots follow it.
    await carousel.locator("[aria-live]").evaluate((strip) => strip.scrollTo({ left: 0 }));
    await expect(dot(1)).toHaveAttribute("aria-current", "true");

    // The eight category tiles (SPEC §2 "Home content"), each opening its category.
    const categories = main.getByRole("region", { name: "產品分類" });
    for (const name of ["牛肉", "豬肉", "套餐", "新鮮蔬菜", "急凍食品", "乾貨", "即食食品", "生活服務"]) {
      const tile = categories.getByRole("link", { name: new RegExp(name) });
      await expect(tile).toBeVisible();
      await expect(tile).toHaveAttribute("href", /^\/product\?cat=[\w-]+$/);
    }
    expect(await categories.getByRole("link").count()).toBe(8);

    // The four button tiles.
    const shortcuts = main.getByRole("region", { name: "團購指南" });
    for (const [name, href] of [
      ["團購教學", "/guide"],
      ["推薦計劃", "/referral"],
      ["自取點", "/location"],
      ["常見問題", "/qa"],
    ] as const) {
      await expect(shortcuts.getByRole("link", { name: new RegExp(name) })).toHaveAttribute("href", href);
    }
    // Merchants (5+) and brands (6+) of the demo shop (DESIGN §7).
    const merchants = main.getByRole("region", { name: "合作商戶" });
    expect(await merchants.locator('a[href^="/merchant/"]').count()).toBeGreaterThanOrEqual(5);
    const brands = main.getByRole("region", { name: "精選品牌" });
    expect(await brands.locator('a[href^="/product?collection="]').count()).toBeGreaterThanOrEqual(6);
  });
});
