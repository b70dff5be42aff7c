import type { Page } from "@playwright/test";
import { expect, test, visit } from "./support/test.ts";

/**
 * Issue 4 item 5 on the storefront: pictures come as WebP variants through `srcset`, the first
 * (largest paint) loads at once with high priority, the rest wait until they are near, and every
 * file a `srcset` names is really there (the demo seed writes the same widths as an upload).
 */

/** Every URL named by a `srcset` on the page, each once. */
async function srcSetFiles(page: Page): Promise<string[]> {
  const lists = await page
    .locator("img[srcset], source[srcset]")
    .evaluateAll((elements) => elements.map((element) => element.getAttribute("srcset") ?? ""));
  const urls = lists.flatMap((list) => list.split(",").map((candidate) => candidate.trim().split(/\s+/)[0]!));
  return [...new Set(urls.filter(Boolean))];
}

async function expectServedAsWebp(page: Page, urls: string[]) {
  expect(urls.length).toBeGreaterThan(0);
  const answers = await Promise.all(
    urls.map(async (url) => {
      const response = await page.request.head(url, { maxRetries: 2 });
      return { url, status: response.status(), type: response.headers()["content-type"] };
    }),
  );
  expect(answers.filter((answer) => answer.status !== 200 || answer.type !== "image/webp")).toEqual([]);
}

test("a listing: the first card's picture has priority, later ones are lazy, the right variant is chosen", async ({
  page,
  phone,
}) => {
  // Thirty cards and the axe check of visit(): heavy on a busy machine.
  test.slow();
  await visit(page, "/all");
  const pictures = page.locator(".product-card").locator("img");
  const first = pictures.first();
  await expect(first).toHaveAttribute("fetchpriority", "high");
  await expect(first).toHaveAttribute("loading", "eager");
  await expect(first).toHaveAttribute("srcset", /-320w\.webp 320w, .+-600w\.webp 600w$/);
  await expect(first).toHaveAttribute("width", /\d+/);
  await expect(first).toHaveAttribute("height", /\d+/);
  await expect(pictures.nth(12)).toHaveAttribute("loading", "lazy");

  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  // A card is about 180 CSS pixels wide on a phone (2× screen: 360 device pixels) and 208 on a
  // desktop (1×): the phone needs the 600 px file, the desktop makes do with 320.
  const chosen = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(chosen).toMatch(phone ? /-600w\.webp$/ : /-320w\.webp$/);

  await expectServedAsWebp(page, await srcSetFiles(page));
});

test("home: the first banner slide has priority, and every picture's variants exist", async ({ page }) => {
  await visit(page, "/");
  const slide = page.locator("main picture img").first();
  await expect(slide).toHaveAttribute("fetchpriority", "high");
  await expect(slide).toHaveAttribute("loading", "eager");
  await expect
    .poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expectServedAsWebp(page, await srcSetFiles(page));
});
