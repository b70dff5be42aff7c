import type { Page } from "@playwright/test";
import { customerHeaders } from "./support/members.ts";
import { outboxTo } from "./support/outbox.ts";
import { ADMIN_STATE } from "./support/sessions.ts";
import {
  anotherPerson,
  expect,
  expectNoSeriousA11yViolations,
  expectToast,
  test,
  visit,
} from "./support/test.ts";

// Issue 7 items 1 and 2: a visitor sends a message from /qa, an admin replies from /admin/feedback
// and the reply arrives in the dev outbox; a supplier enquiry from /cooperation reaches the inbox.

const customer = customerHeaders();
// The run's admin, signed in (tests/e2e/support/sessions.ts); the visitor and the supplier are
// people of their own, signed out.
test.use({ ...customer, storageState: ADMIN_STATE });

const token = () => Math.random().toString(36).slice(2, 10);

/** Opens 顧客訊息 from the back office menu (on phones the menu opens from the top bar first). */
async function openInbox(page: Page, phone: boolean) {
  await visit(page, "/admin");
  if (phone) await page.getByRole("button", { name: "開啟後台選單" }).click();
  const entry = page.getByRole("navigation", { name: "後台選單" }).getByRole("link", { name: /顧客訊息/ });
  // Unread messages are counted beside the entry.
  await expect(entry).toContainText(/\d+ 則未讀訊息/);
  await entry.click();
  await expect(page).toHaveURL("/admin/feedback");
  await expect(page.getByRole("heading", { name: "顧客訊息", level: 1 })).toBeVisible();
}

async function search(page: Page, text: string) {
  await page.getByLabel("搜尋姓名、電話、電郵、公司或內容").fill(text);
  await page.getByRole("button", { name: "搜尋", exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
}

test("a visitor sends a message from /qa; an admin replies and the reply arrives in the outbox", async ({
  page,
  browser,
  phone,
}) => {
  test.slow(); // a message, a search and a reply, each page checked with axe
  const id = token();
  const email = `visitor-${id}@example.hk`;
  const name = `訪客${id}`;
  const message = `請問自取點星期六開唔開？<script>window.hacked = true</script> ${id}`;

  // The visitor, in a browser of their own.
  const visitor = await anotherPerson(browser);
  await visit(visitor.page, "/qa");
  const form = visitor.page.getByTestId("contact-form");
  await form.getByRole("button", { name: "送出訊息" }).click();
  await expect(form.getByText("必須填寫").first()).toBeVisible();
  await expect(form.getByText("請填寫電話號碼或電郵，方便我們回覆")).toBeVisible();
  await form.getByLabel("稱呼").fill(name);
  await form.getByLabel("電郵", { exact: true }).fill(email);
  await form.getByLabel("訊息內容").fill(message);
  await expect(form.getByText(`${message.length} / 2000 字`)).toBeVisible();
  await form.getByRole("button", { name: "送出訊息" }).click();
  await expectToast(visitor.page, "訊息已送出，我們會於一個工作天內回覆");
  await expect(form.getByLabel("訊息內容")).toHaveValue("");
  await visitor.context.close();

  // The admin finds it in the inbox, opens it (read) and replies.
  await openInbox(page, phone);
  await search(page, id);
  const row = page.getByTestId("data-table").locator("tbody tr").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("顧客意見");
  await expect(row).toContainText("新訊息");
  await expect(row).toContainText("未讀");
  await row.getByRole("link", { name: `查看 ${name} 的訊息` }).click();
  await expect(page).toHaveURL(/\/admin\/feedback\/\d+$/);
  await expect(page.getByTestId("enquiry-message")).toHaveText(message);
  expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
  await expectNoSeriousA11yViolations(page);

  await expect(page.getByText(`會以電郵寄往 ${email}`)).toBeVisible();
  const reply = `${name} 你好，自取點星期六 10:00–19:00 照常開放。`;
  await page.getByLabel("回覆內容").fill(reply);
  await page.getByRole("button", { name: "發送回覆" }).click();
  await expectToast(page, "已發送回覆");
  await expect(page.getByTestId("enquiry-status")).toHaveText("已回覆");
  await expect(page.getByTestId("reply-thread")).toContainText(reply);
  await expect(page.getByTestId("reply-thread")).toContainText(`電郵至 ${email}`);
  await expect(page.getByLabel("回覆內容")).toHaveValue("");

  // The reply reached the customer (the demo outbox stands in for the mail server).
  const messages = await outboxTo(page, email);
  expect(messages).toHaveLength(1);
  expect(messages[0]?.channel).toBe("email");
  expect(messages[0]?.body).toContain(reply);
  expect(messages[0]?.body).toContain("客服 WhatsApp");

  // Back in the list the message is read and answered.
  await page.getByRole("link", { name: "返回顧客訊息" }).click();
  await search(page, id);
  const answered = page.getByTestId("data-table").locator("tbody tr").filter({ hasText: name });
  await expect(answered).toContainText("已回覆");
  await expect(answered).not.toContainText("未讀");
});

test("a supplier enquiry from /cooperation reaches the inbox under its type", async ({
  page,
  browser,
  phone,
}) => {
  test.slow();
  const id = token();
  const company = `新界有機農場 ${id}`;

  const supplier = await anotherPerson(browser);
  await visit(supplier.page, "/cooperation");
  await supplier.page.getByLabel("公司名稱", { exact: true }).fill(company);
  await supplier.page.getByLabel("聯絡人姓名", { exact: true }).fill("陳經理");
  await supplier.page.getByLabel("電話號碼", { exact: true }).fill("98765432");
  await supplier.page.getByLabel("電郵", { exact: true }).fill(`farm-${id}@example.hk`);
  await supplier.page.getByLabel("供應類別", { exact: true }).selectOption({ label: "新鮮蔬果" });
  const offer = `每星期可供應有機菜心約 300 斤。（${id}）`;
  await supplier.page.getByRole("textbox", { name: /簡介/ }).fill(offer);
  await supplier.page.getByRole("button", { name: "提交" }).click();
  await expectToast(supplier.page, "已登記供應商查詢");
  await supplier.context.close();

  await openInbox(page, phone);
  await page.getByLabel("類型").selectOption({ label: "供應商查詢" });
  await expect(page).toHaveURL(/type=supplier/);
  await expect(page.getByTestId("data-table").locator("tbody")).not.toContainText("顧客意見");
  await search(page, id);
  await expect(page).toHaveURL(/type=supplier/);
  const row = page.getByTestId("data-table").locator("tbody tr").filter({ hasText: company });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("供應商查詢");
  await row.getByRole("link", { name: "查看 陳經理 的訊息" }).click();
  await expect(page).toHaveURL(/\/admin\/feedback\/\d+$/);
  await expect(page.getByTestId("enquiry-message")).toHaveText(offer);
  await expect(page.getByText("新鮮蔬果")).toBeVisible();

  // Done with it: closing takes it out of the open work and can be undone.
  await page.getByRole("button", { name: "標示為已處理並關閉" }).click();
  await expectToast(page, "已關閉訊息");
  await expect(page.getByTestId("enquiry-status")).toHaveText("已關閉");
  await expect(page.getByText("此訊息已關閉；如需再回覆，請先重新開啟。")).toBeVisible();
  await page.getByRole("button", { name: "重新開啟" }).click();
  await expectToast(page, "已重新開啟訊息");
  await expect(page.getByTestId("enquiry-status")).toHaveText("新訊息");
});
