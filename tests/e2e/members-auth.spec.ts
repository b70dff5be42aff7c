import type { Page } from "@playwright/test";
import { ageCodes, codeFor, customerHeaders, newPhone as phoneStartingWith } from "./support/members.ts";
import { outboxTo } from "./support/outbox.ts";
import { expect, expectToast, test, visit } from "./support/test.ts";

// Issue 3's sign-in journeys: sign out and back in, a wrong code, an unknown number on /login and a
// known number on /register (SPEC §4, §8; DESIGN §4.14, §7).

// SMS codes are capped per IP; each worker plays a customer on its own test-range address.
// Refused submissions answer 400, which the browser logs as a failed resource load.
test.use({ ...customerHeaders(), allowConsole: [/status of 400/] });

const newPhone = () => phoneStartingWith("5");

async function outboxCount(page: Page, phone: string): Promise<number> {
  return (await outboxTo(page, phone)).length;
}

async function register(page: Page, phone: string) {
  await visit(page, "/register");
  await page.getByLabel("電話號碼", { exact: true }).fill(phone);
  await page.getByRole("button", { name: "發送驗證碼" }).click();
  await expectToast(page, "驗證碼已發送");
  await page.getByLabel("驗證碼").fill(await codeFor(page, phone));
  await page.getByLabel("姓氏").fill("李");
  await page.getByLabel("名字").fill("嘉欣");
  await page.getByLabel("電郵").fill(`ka${phone}@example.hk`);
  await page.getByRole("button", { name: "註冊", exact: true }).click();
  await expect(page).toHaveURL("/success-registration");
}

async function requestLoginCode(page: Page, phone: string) {
  await visit(page, "/login");
  await page.getByLabel("電話號碼", { exact: true }).fill(`+852 ${phone.slice(0, 4)} ${phone.slice(4)}`);
  await page.getByRole("button", { name: "發送驗證碼" }).click();
}

test("a member signs out and signs back in with a new code", async ({ page }) => {
  const phone = newPhone();
  await register(page, phone);
  await visit(page, "/account");
  await page.getByRole("main").getByRole("button", { name: "登出" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("account-link")).toHaveAttribute("href", "/login");

  // A number gets a new code at most every 60 s (DESIGN §4.14): the registration code is a minute old.
  await ageCodes(phone, 61_000);
  await requestLoginCode(page, phone);
  await expectToast(page, "驗證碼已發送");
  await page.getByLabel("驗證碼").fill(await codeFor(page, phone));
  await page.getByRole("button", { name: "登入", exact: true }).click();
  await expectToast(page, "登入成功");
  await expect(page).toHaveURL("/account");
});

test("a wrong code is refused with the spec's message and registers nobody", async ({ page }) => {
  const phone = newPhone();
  await visit(page, "/register");
  await page.getByLabel("電話號碼", { exact: true }).fill(phone);
  await page.getByRole("button", { name: "發送驗證碼" }).click();
  const right = await codeFor(page, phone);
  await page.getByLabel("驗證碼").fill(right === "000000" ? "111111" : "000000");
  await page.getByLabel("姓氏").fill("李");
  await page.getByLabel("名字").fill("嘉欣");
  await page.getByLabel("電郵").fill(`ka${phone}@example.hk`);
  await page.getByRole("button", { name: "註冊", exact: true }).click();
  await expect(page.getByText("驗證碼錯誤，請重新發送")).toBeVisible();
  await expect(page).toHaveURL(/\/register/);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});

test("an unknown number on /login gets 'register first' and no SMS", async ({ page }) => {
  const phone = newPhone();
  await requestLoginCode(page, phone);
  await expectToast(page, "請先註冊成為會員");
  expect(await outboxCount(page, phone)).toBe(0);
});

test("a registered number on /register is told so, gets no SMS and moves to sign-in", async ({ page }) => {
  const phone = newPhone();
  await register(page, phone);
  await visit(page, "/account");
  await page.getByRole("main").getByRole("button", { name: "登出" }).click();
  await expect(page).toHaveURL("/");
  const sent = await outboxCount(page, phone);

  await visit(page, "/register");
  await page.getByLabel("電話號碼", { exact: true }).fill(phone);
  await page.getByRole("button", { name: "發送驗證碼" }).click();
  await expectToast(page, "此電話號碼已經註冊，頁面將於3秒後重新載入");
  expect(await outboxCount(page, phone)).toBe(sent);
  await expect(page).toHaveURL(`/login?phone=${phone}`, { timeout: 6000 });
});
