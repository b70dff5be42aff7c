import { codeFor, newPhone } from "./support/members.ts";
import { sql } from "./support/sessions.ts";
import { expect, expectToast, test, visit } from "./support/test.ts";

// Issue 44 item 4 in the browser (decision 0046): past an address's free codes the server asks for a
// proof-of-work challenge; the `altcha` widget, loaded only then, solves it in a worker under the
// shop's Content-Security-Policy and asks for the code again by itself. Without JavaScript the
// phone field says what to do.

const address = `198.19.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
test.use({ extraHTTPHeaders: { "x-forwarded-for": address }, allowConsole: [/status of 400/] });

/** This address has used its free codes for the hour (as if 20 neighbours had asked before). */
async function addressUsedItsFreeCodes() {
  const hour = Date.now() - (Date.now() % 3_600_000);
  await sql(
    `insert into sms_counters (scope, key, window_start, sent) values ('address', $1, $2, 20)
       on conflict (scope, key, window_start) do update set sent = 20`,
    [address, new Date(hour).toISOString()],
  );
}

test("past the address's free codes, the widget solves the challenge and the code is sent", async ({
  page,
}) => {
  await addressUsedItsFreeCodes();
  const phone = newPhone("5");
  await visit(page, "/register");
  await page.getByLabel("電話號碼", { exact: true }).fill(phone);
  await page.getByRole("button", { name: "發送驗證碼" }).click();
  await expect(page.getByRole("group", { name: "安全驗證" })).toBeVisible();
  await expectToast(page, "驗證碼已發送");
  await page.getByLabel("驗證碼").fill(await codeFor(page, phone));
  await page.getByLabel("姓氏").fill("李");
  await page.getByLabel("名字").fill("嘉欣");
  await page.getByLabel("電郵").fill(`ka${phone}@example.hk`);
  await page.getByRole("button", { name: "註冊", exact: true }).click();
  await expect(page).toHaveURL("/success-registration");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the phone field says to turn JavaScript on", async ({ page }) => {
    await addressUsedItsFreeCodes();
    await page.goto("/register");
    await page.getByLabel("電話號碼", { exact: true }).fill(newPhone("5"));
    await page.getByRole("button", { name: "發送驗證碼" }).click();
    await expect(page.getByText("請先開啟 JavaScript")).toBeVisible();
  });
});
