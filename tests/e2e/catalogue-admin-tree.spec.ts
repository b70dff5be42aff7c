import type { Page } from "@playwright/test";
import { customerHeaders } from "./support/members.ts";
import { ADMIN_STATE } from "./support/sessions.ts";
import { expect, expectNoSeriousA11yViolations, expectToast, test, visit } from "./support/test.ts";

// Issue 4 item 6: an admin edits the category tree at /admin/category (adds a category and its
// subcategories, renames one, moves one with the keyboard, is refused deleting a category in use,
// deletes their own) and sees the change in the storefront's side menu at once.

// The run's admin, signed in (tests/e2e/support/sessions.ts).
test.use({ ...customerHeaders(), storageState: ADMIN_STATE });

const dialog = (page: Page) => page.getByRole("dialog");

/** Adds a category through the dialog the link opens, and waits for the saved tree. */
async function addCategory(page: Page, link: string, name: string, slug: string) {
  await page.getByRole("link", { name: link, exact: true }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByLabel("名稱", { exact: true }).fill(name);
  await dialog(page)
    .getByLabel(/^網址名稱/)
    .fill(slug);
  await dialog(page).getByRole("button", { name: "新增", exact: true }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId("category-tree")).toContainText(name);
  // Saves in quick succession each raise a toast; this one is the newest.
  await expectToast(page, "新增成功");
}

test("an admin edits the category tree and the storefront's side menu follows", async ({ page, phone }) => {
  test.slow(); // a dozen saves, each waiting for its toast
  // Each screen size works in a category of its own, so the two runs never move each other's rows.
  const id = `${phone ? "p" : "d"}${Math.random().toString(36).slice(2, 8)}`;
  const top = `測試分類${id}`;
  const fish = `魚柳${id}`;
  const prawns = `蝦仁${id}`;
  const renamed = `急凍魚柳${id}`;

  await visit(page, "/admin/category");
  await expect(page.getByRole("heading", { name: "分類", level: 1 })).toBeVisible();

  // A category in use cannot be deleted: the dialog says why and how many products use it.
  await page.getByRole("button", { name: "刪除「牛肉」" }).click();
  await expect(dialog(page).getByRole("heading", { name: "未能刪除「牛肉」" })).toBeVisible();
  await expect(dialog(page)).toContainText(/仍有 \d+ 件貨品使用此分類或其子分類，不能刪除/);
  await dialog(page).getByRole("button", { name: "知道了" }).click();

  await page.getByRole("link", { name: "新增主分類" }).click();
  await expect(dialog(page).getByRole("heading", { name: "新增主分類" })).toBeVisible();
  // A refused form stays open with its zh-HK messages.
  await dialog(page)
    .getByLabel(/^網址名稱/)
    .fill("牛肉 beef");
  await dialog(page).getByRole("button", { name: "新增", exact: true }).click();
  await expect(dialog(page).getByText("必須填寫")).toBeVisible();
  await expect(dialog(page).getByText(/只可使用小楷英文字母、數字及連字號/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog(page).getByRole("link", { name: "取消" }).click();
  await expect(dialog(page)).toBeHidden();

  await addCategory(page, "新增主分類", top, `e2e-${id}`);
  const card = page.getByTestId("category-tree").locator(":scope > li").filter({ hasText: top });
  await expect(card).toContainText("未有子分類");
  await addCategory(page, `於「${top}」新增子分類`, fish, `e2e-${id}-fish`);
  await addCategory(page, `於「${top}」新增子分類`, prawns, `e2e-${id}-prawns`);

  await page.getByRole("link", { name: `編輯「${fish}」` }).click();
  await expect(dialog(page).getByRole("heading", { name: "編輯分類" })).toBeVisible();
  await expect(dialog(page).getByLabel("所屬主分類")).toHaveValue(/\d+/);
  await dialog(page).getByLabel("名稱", { exact: true }).fill(renamed);
  await dialog(page).getByRole("button", { name: "儲存", exact: true }).click();
  await expectToast(page, "更新成功");
  await expect(card).toContainText(renamed);

  // Keyboard only: the prawns move up; the button that moved them keeps the focus (or its partner
  // once they are first), so another key press moves them on.
  const up = page.getByRole("button", { name: `上移「${prawns}」` });
  await up.focus();
  await page.keyboard.press("Enter");
  await expect(card.locator("ol li")).toHaveText([new RegExp(prawns), new RegExp(renamed)]);
  await expect(up).toBeDisabled();
  await expect(page.getByRole("button", { name: `下移「${prawns}」` })).toBeFocused();

  // The storefront's side menu shows the new tree and its counts straight away.
  await visit(page, "/all");
  let menu = page.getByTestId("side-menu");
  if (phone) {
    await page.getByRole("button", { name: "打開選單" }).click();
    menu = page.getByTestId("side-menu-drawer");
  }
  const node = menu.locator("details").filter({ hasText: top });
  await expect(node.locator("summary")).toContainText("0 件");
  await node.locator("summary").click();
  const links = node.getByRole("link");
  await expect(links).toHaveText(
    [`全部${top}`, `${prawns}0 件`, `${renamed}0 件`].map((text) => new RegExp(text)),
  );
  await expect(node.getByRole("link", { name: new RegExp(renamed) })).toHaveAttribute(
    "href",
    `/product?cat=e2e-${id}&subcat=e2e-${id}-fish`,
  );

  // Deleting asks first and names the subcategories that go with it.
  await visit(page, "/admin/category");
  await page.getByRole("button", { name: `刪除「${top}」` }).click();
  await expect(dialog(page)).toContainText(`「${top}」及其 2 個子分類會一併刪除`);
  await dialog(page).getByRole("button", { name: "確定刪除" }).click();
  await expectToast(page, "刪除成功");
  await expect(page.getByTestId("category-tree")).not.toContainText(top);
});
