import type { Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test, visit } from "./support/test.ts";

// Issue 2 "Bad input": the cooperation and survey forms validate in the browser and on the server with one
// zod schema and show the spec's messages (必須填寫, 電郵格式不正確, 電話號碼必須為8位數字).

/** Counts form posts to `path`, so a test can show that validation happened without a server round trip. */
function countPosts(page: Page, path: string) {
  const posts: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.method() === "POST" && url.pathname.replace(/\.data$/, "") === path) posts.push(url.href);
  });
  return posts;
}

/**
 * The browser checks a form once its schema has loaded, at the first touch of the page
 * (useLazyValidation); a submission before that goes to the server, which checks it with the same
 * schema, and a field left before it arrived is checked again when its value changes. Leaving
 * `field` with `value` (one the schema refuses) marks it invalid only once the browser checks:
 * change it and wait until it does.
 */
async function untilTheBrowserChecks(field: Locator, value: string) {
  await expect(async () => {
    await field.fill(`${value}0`);
    await field.fill(value);
    await field.blur();
    await expect(field).toHaveAttribute("aria-invalid", "true", { timeout: 250 });
  }).toPass();
}

test.describe("the schema in the browser (decision 0005)", () => {
  test("loads at the visitor's first touch of the form, not with the page", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await visit(page, "/cooperation");
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((script) => /\/form-parse-/.test(script))).toEqual([]);
    await untilTheBrowserChecks(page.getByLabel("電話號碼", { exact: true }), "1234");
    expect(scripts.filter((script) => /\/form-parse-/.test(script))).toHaveLength(1);
  });
});

test.describe("/cooperation supplier enquiry", () => {
  const path = "/cooperation";

  test("an empty submission shows 必須填寫 on every field without asking the server", async ({ page }) => {
    const posts = countPosts(page, path);
    await visit(page, path);
    await untilTheBrowserChecks(page.getByLabel("公司名稱", { exact: true }), "");
    await page.getByRole("button", { name: "提交" }).click();
    for (const label of ["公司名稱", "聯絡人姓名", "電話號碼", "電郵", "供應類別"]) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("aria-invalid", "true");
    }
    expect(await page.getByText("必須填寫", { exact: true }).count()).toBeGreaterThanOrEqual(6);
    await expectNoSeriousA11yViolations(page);
    expect(posts).toEqual([]);
  });

  test("a bad phone and a bad email are named; fixing them clears the messages", async ({ page }) => {
    await visit(page, path);
    const phone = page.getByLabel("電話號碼", { exact: true });
    const email = page.getByLabel("電郵", { exact: true });
    await phone.fill("1234");
    await email.fill("not-an-email");
    await page.getByRole("button", { name: "提交" }).click();
    await expect(page.getByText("電話號碼必須為8位數字")).toBeVisible();
    await expect(page.getByText("電郵格式不正確")).toBeVisible();

    await phone.fill("91234567");
    await email.fill("buyer@farm.hk");
    await expect(page.getByText("電話號碼必須為8位數字")).toHaveCount(0);
    await expect(page.getByText("電郵格式不正確")).toHaveCount(0);
  });

  test("a valid enquiry is stored, confirmed with a toast and the form is cleared", async ({ page }) => {
    const posts = countPosts(page, path);
    await page.clock.install();
    await visit(page, path);
    await page.getByLabel("公司名稱", { exact: true }).fill("新界有機農場有限公司");
    await page.getByLabel("聯絡人姓名", { exact: true }).fill("陳大文");
    await page.getByLabel("電話號碼", { exact: true }).fill("98765432");
    await page.getByLabel("電郵", { exact: true }).fill("chan@organic-farm.hk");
    await page.getByLabel("供應類別", { exact: true }).selectOption({ label: "新鮮蔬果" });
    await page
      .getByRole("textbox", { name: /簡介|內容/ })
      .fill("每星期可供應有機菜心、白菜及時令蔬菜約 300 斤。");
    await page.getByRole("button", { name: "提交" }).click();

    const toast = page.getByText(/^已登記供應商查詢/);
    await expect(toast).toBeVisible();
    // A success toast stays 3 seconds (1.5 s is for plain notices); nothing under the pointer holds it.
    await page.mouse.move(1, 1);
    // The page's own clock, not the test runner's: the two drift apart on a loaded machine.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.clock.runFor(2_200);
    await expect(toast).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(toast).toBeHidden();
    await page.clock.resume();
    expect(posts.length).toBe(1);
    await expect(page.getByLabel("公司名稱", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("電話號碼", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("供應類別", { exact: true })).toHaveValue("");
    await expect(page.getByText("必須填寫")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("the server applies the same rules to a post that skipped the browser's checks", async ({
    request,
  }) => {
    const response = await request.post(path, {
      form: { company: "", name: "陳大文", phone: "1234", email: "x", category: "meat", message: "" },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("必須填寫");
    expect(html).toContain("電話號碼必須為8位數字");
    expect(html).toContain("電郵格式不正確");
  });
});

test.describe("/survey", () => {
  const path = "/survey";

  test("an empty submission asks for the required answers without asking the server", async ({ page }) => {
    const posts = countPosts(page, path);
    await visit(page, path);
    // The phone is optional but must be 8 digits: a wrong one shows the browser checks; empty again, it is fine.
    const phone = page.getByLabel("電話號碼");
    await untilTheBrowserChecks(phone, "5678");
    await phone.fill("");
    await expect(phone).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "提交" }).click();
    // Rating, frequency and interests are required; name, phone and comment are optional.
    await expect(page.getByText("必須填寫", { exact: true })).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);
    expect(posts).toEqual([]);
  });

  test("a bad phone is named", async ({ page }) => {
    await visit(page, path);
    await page.getByLabel("電話號碼").fill("5678");
    await page.getByRole("button", { name: "提交" }).click();
    await expect(page.getByText("電話號碼必須為8位數字")).toBeVisible();
  });

  test("a complete survey is thanked with a toast and the form is cleared", async ({ page }) => {
    const posts = countPosts(page, path);
    await visit(page, path);
    await page.getByRole("group", { name: /滿意/ }).getByLabel("滿意", { exact: true }).check();
    await page.getByRole("group", { name: /多久/ }).getByLabel("每星期", { exact: true }).check();
    const interests = page.getByRole("group", { name: /哪類/ });
    await interests.getByLabel("牛肉", { exact: true }).check();
    await interests.getByLabel("新鮮蔬菜", { exact: true }).check();
    await page.getByLabel("稱呼").fill("黃小姐");
    await page.getByLabel("電話號碼").fill("61234567");
    await page.getByRole("button", { name: "提交" }).click();

    await expect(page.getByText("多謝你填寫問卷！")).toBeVisible();
    expect(posts.length).toBe(1);
    await expect(interests.getByLabel("牛肉", { exact: true })).not.toBeChecked();
    await expect(page.getByLabel("稱呼")).toHaveValue("");
    await expectNoSeriousA11yViolations(page);
  });
});
