import type { Locator, Page } from "@playwright/test";
import { expect, test, visit } from "./support/test.ts";

// Issue 2 item 8: the content pages carry real zh-HK content.

/** The page's own content: <main> on shop pages, the whole layout on pages without navigation. */
function content(page: Page): Locator {
  return page.getByRole("main").first();
}

async function expectSubstantial(page: Page, minChars: number) {
  const text = ((await content(page).textContent()) ?? "").replace(/\s+/g, "");
  expect(text.length, "amount of text on the page").toBeGreaterThanOrEqual(minChars);
  expect(text, "no placeholder text").not.toMatch(/lorem|ipsum|TODO|待補/i);
}

test("/about tells who the shop is", async ({ page }) => {
  await visit(page, "/about");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("關於");
  await expectSubstantial(page, 200);
});

test("/guide explains the three modes with prices, cut-off, pickup hours, dDollar and fees", async ({
  page,
}) => {
  await visit(page, "/guide");
  const main = content(page);
  for (const mode of ["一般團", "限量團", "現貨"]) {
    await expect(main.getByRole("heading", { name: new RegExp(mode) }).first()).toBeVisible();
  }
  await expect(main).toContainText(/\$\d+/); // worked price examples
  await expect(main).toContainText("截單");
  await expect(main).toContainText(/10:00\s*[–-]\s*19:00/);
  await expect(main).toContainText("公眾假期");
  await expect(main).toContainText("dDollar");
  await expect(main).toContainText("運費");
  await expect(main).toContainText("1.5%");
});

test("/qa answers at least 12 questions", async ({ page }) => {
  await visit(page, "/qa");
  const main = content(page);
  const questions = main.locator("summary, h2, h3, dt").filter({ hasText: /[？?]/ });
  expect(await questions.count()).toBeGreaterThanOrEqual(12);
  // The answers are there too, not just the questions.
  await expectSubstantial(page, 12 * 30);
});

test("/terms-and-conditions sets out the terms", async ({ page }) => {
  await visit(page, "/terms-and-conditions");
  await expect(page.getByTestId("title-bar")).toContainText("條款及細則");
  expect(await content(page).getByRole("heading").count()).toBeGreaterThanOrEqual(4);
  await expectSubstantial(page, 600);
});

test("/referral explains the 5% on the first purchase", async ({ page }) => {
  await visit(page, "/referral");
  const main = content(page);
  await expect(main.getByRole("heading", { level: 1 })).toContainText("推薦");
  await expect(main).toContainText("5%");
  await expect(main).toContainText("10%");
  await expect(main).toContainText("首次");
});

test("/location lists pickup points by district and area with hours and delivery charge", async ({
  page,
}) => {
  await visit(page, "/location");
  const main = content(page);
  await expect(main.getByRole("heading", { level: 1 })).toContainText("自取點");
  // Areas (Hong Kong Island, Kowloon, New Territories), each holding districts with their pickup points.
  for (const area of ["香港島", "九龍", "新界"]) {
    const section = main.getByRole("region", { name: new RegExp(`^${area}`) });
    await expect(section.getByRole("heading", { level: 2 })).toBeVisible();
    expect(await section.getByRole("heading", { level: 3 }).count(), `districts of ${area}`).toBeGreaterThan(
      0,
    );
    expect(await section.getByRole("listitem").count(), `pickup points of ${area}`).toBeGreaterThan(0);
  }
  expect(await main.getByRole("heading", { level: 3 }).count(), "districts").toBeGreaterThanOrEqual(5);
  const points = main.getByRole("listitem").filter({ hasText: /\d{1,2}:\d{2}/ });
  expect(await points.count(), "pickup points with their hours").toBeGreaterThanOrEqual(10);
  // Every point says what delivery costs there: a charge per member, or free.
  for (const point of await points.all()) {
    await expect(point).toContainText(/\$\d+|免運費|免費/);
  }
  await expect(main).toContainText("免運費");
});

test("/cooperation offers the supplier enquiry form", async ({ page }) => {
  await visit(page, "/cooperation");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("供應商");
  for (const label of ["公司名稱", "聯絡人姓名", "電話號碼", "電郵", "供應類別"]) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "提交" })).toBeVisible();
});

test("/survey offers the survey form", async ({ page }) => {
  await visit(page, "/survey");
  await expect(page.getByTestId("title-bar")).toContainText("問卷");
  expect(await page.getByRole("radio").count()).toBeGreaterThanOrEqual(5);
  await expect(page.getByRole("button", { name: "提交" })).toBeVisible();
});

for (const [path, words] of [
  ["/prelaunch", /齊齊買/],
  ["/success-registration", /註冊|歡迎/],
  ["/whole-piece", /牛/],
  ["/whole-piece-abs", /豬/],
] as const) {
  test(`${path} is a landing page with real content`, async ({ page }) => {
    await visit(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(words);
    await expectSubstantial(page, 80);
    // A way onwards into the shop.
    expect(await content(page).getByRole("link").count()).toBeGreaterThanOrEqual(1);
  });
}

test.describe("not found", () => {
  for (const path of ["/no-such-page", "/guide/extra/depth", "/404"]) {
    test(`${path} is a 404 page inside the shop`, async ({ page }) => {
      await visit(page, path, { status: 404 });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("找不到此頁");
      await expect(page.getByTestId("cart-badge")).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "返回主頁" }).click();
      await expect(page).toHaveURL("/");
    });
  }

  test("a bad query string never causes a server error", async ({ request }) => {
    for (const path of ["/?cat=%E0%A4%A", "/location?district=%ff", "/qa?page=-1&page=abc", "/%E0%A4%A"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBeLessThan(500);
    }
  });
});
