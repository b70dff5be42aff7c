import type { Page } from "@playwright/test";
import { customerHeaders } from "./support/members.ts";
import { ADMIN_STATE, signInNewMember } from "./support/sessions.ts";
import {
  anotherPerson,
  expect,
  expectNoSeriousA11yViolations,
  expectToast,
  test,
  visit,
} from "./support/test.ts";

// Issue 6 item 4: an admin adds and deducts dDollar for a member (confirming each), is refused a
// deduction above the balance, and the member reads the records with running balances.

// The refused deduction answers 409 (the page shows why); the browser logs that response. The
// journey's page is the run's admin (tests/e2e/support/sessions.ts).
test.use({
  ...customerHeaders(),
  allowConsole: [/Failed to load resource: .* 409/],
  storageState: ADMIN_STATE,
});

async function adjust(
  page: Page,
  fields: { member: string; direction: "增加" | "扣除"; amount: string; note: string },
) {
  await page.getByLabel("會員電話或會員編號").fill(fields.member);
  await page.getByLabel("操作").selectOption({ label: fields.direction });
  await page.getByLabel("金額（HK$）").fill(fields.amount);
  await page.getByLabel("原因").first().fill(fields.note);
  await page.getByRole("button", { name: "確認" }).click();
}

test("an admin adds and deducts dDollar and the member sees every record", async ({ page, browser }) => {
  test.slow(); // three adjustments
  const adminPage = page;
  // A member of the journey's own, who starts at $0.
  const { context: memberContext, page: memberPage } = await anotherPerson(browser, customerHeaders());
  const member = await signInNewMember(memberPage);

  await visit(adminPage, "/admin/dollar");
  await expectNoSeriousA11yViolations(adminPage);
  await adjust(adminPage, { member: member.phone, direction: "增加", amount: "38.5", note: "送貨延誤補償" });
  const dialog = adminPage.getByRole("dialog");
  await expect(dialog).toContainText("確認增加 $38.50 dDollar？");
  await dialog.getByRole("button", { name: "確認" }).click();
  await expectToast(adminPage, "已增加 dDollar");
  await expect(adminPage.getByRole("table")).toContainText("送貨延誤補償");

  await adjust(adminPage, { member: member.phone, direction: "扣除", amount: "40", note: "更正" });
  await adminPage.getByRole("dialog").getByRole("button", { name: "確認" }).click();
  await expect(adminPage.getByText("會員的 dDollar 結餘只有 $38.50，不足以扣除 $40.00")).toBeVisible();

  await adminPage.getByLabel("金額（HK$）").fill("8.5");
  await adminPage.getByRole("button", { name: "確認" }).click();
  await adminPage.getByRole("dialog").getByRole("button", { name: "確認" }).click();
  await expectToast(adminPage, "已扣除 dDollar，會員結餘 $30.00");

  await visit(memberPage, "/account/dollar");
  await expect(memberPage.getByTestId("dollar-balance")).toHaveText("$30.00");
  const records = memberPage.getByTestId("dollar-record");
  await expect(records).toHaveCount(2);
  await expect(records.first()).toContainText("-$8.50");
  await expect(records.first()).toContainText("結餘 $30.00");
  await expect(records.last()).toContainText("+$38.50");
  await expect(records.last()).toContainText("客戶服務調整");
  await expectNoSeriousA11yViolations(memberPage);
  await memberContext.close();
});
