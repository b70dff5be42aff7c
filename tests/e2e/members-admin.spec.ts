import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { setMaintenance } from "./support/maintenance.ts";
import { E2E_DATABASE_URL } from "./support/server-env.ts";
import { createMember, signInNewMember } from "./support/sessions.ts";
import { anotherPerson, expect, test, visit, waitForHydration } from "./support/test.ts";

// Issue 3 items 7 and 8, admin side: `npm run admin:grant`, the back office shell, /admin/member
// (search, edit, referral details, CSV export) and /admin/settings (maintenance on and off).

/**
 * SMS codes are capped per IP (DESIGN §4.14) and every journey posts from 127.0.0.1; the e2e server
 * trusts X-Forwarded-For from loopback (TRUST_PROXY in playwright.config.ts), so this file plays
 * customers on an address of its own.
 */
const customerIp = `198.19.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
test.use({ extraHTTPHeaders: { "x-forwarded-for": customerIp } });

interface NewMember {
  phone: string;
  lastName: string;
  firstName: string;
  email: string;
}

/**
 * A fresh number per member, so reruns against a reused database never collide; the e-mail carries
 * the journey's own token, so searching for it lists exactly that journey's members.
 */
function newMember(token: string, lastName: string, firstName: string): NewMember {
  const phone = `5${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
  return { phone, lastName, firstName, email: `${token}-${phone}@example.hk` };
}

const journeyToken = () => `admin${Math.random().toString(36).slice(2, 10)}`;

/** `npm run admin:grant -- <phone>` against the e2e server's database, as an operator would run it. */
function grantAdmin(phone: string): string {
  return execFileSync("npm", ["run", "--silent", "admin:grant", "--", phone], {
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL },
    encoding: "utf8",
    stdio: "pipe",
  });
}

/** The back office side menu; on phones it opens from the top bar first. */
async function showMenu(page: Page, phone: boolean) {
  const open = page.getByRole("button", { name: "開啟後台選單" });
  if (phone && (await open.isVisible())) await open.click();
  return page.getByRole("navigation", { name: "後台選單" });
}

async function openFromMenu(page: Page, phone: boolean, label: string) {
  await showMenu(page, phone);
  await page
    .getByRole("navigation", { name: "後台選單" })
    .getByRole("link", { name: label, exact: true })
    .click();
}

async function downloadText(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file, "utf8") };
}

test.describe("back office for members", () => {
  // The owner's first visit to /admin answers 403 by design; the browser logs that document load.
  test.use({ allowConsole: [/the server responded with a status of 403/] });

  test("admin:grant opens the back office; the admin finds, edits and exports members", async ({
    page,
    phone,
  }) => {
    test.slow();
    const token = journeyToken();
    const owner = newMember(token, "陳", "店主");
    const customer = newMember(token, "李", "小明");
    const referred = newMember(token, "何", "美玲");

    // The future admin, signed in; a customer, and a member the future admin referred (registering
    // through the forms, with and without a referrer, has journeys of its own in members-auth and
    // members-account).
    await signInNewMember(page, owner);
    await createMember(customer);
    await createMember(referred, { referrer: owner.phone });

    // Before the grant the owner is an ordinary member: 403 in zh-HK.
    await visit(page, "/admin", { status: 403 });
    await expect(page.getByRole("heading", { name: "沒有權限" })).toBeVisible();

    // The operator grants admin from the command line.
    expect(grantAdmin(owner.phone)).toContain(`Granted admin to 陳店主 (${owner.phone}`);
    expect(grantAdmin(`+852 ${owner.phone}`)).toContain("already an admin");

    // The brown bar now leads to the back office.
    await visit(page, "/about");
    await page.getByTestId("admin-link").click();
    await expect(page).toHaveURL("/admin");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "總覽", level: 1 })).toBeVisible();
    await expect(page.getByTestId("members-total")).toHaveText(/^\d+$/);
    // Every page of the back office is in the menu, and each is built by now.
    const menu = await showMenu(page, phone);
    await expect(menu.getByRole("link", { name: "訂單", exact: true })).toHaveCount(1);
    await expect(menu.getByRole("link", { name: "截單時間", exact: true })).toHaveCount(1);
    await expect(menu.getByText("即將推出")).toHaveCount(0);

    // Search the member list by phone and open the referred member.
    await openFromMenu(page, phone, "會員");
    await expect(page).toHaveURL("/admin/member");
    await expect(page.getByTestId("table-range")).toContainText("第 1–");
    await page.getByLabel("搜尋電話、姓名或電郵").fill(referred.phone);
    await page.getByRole("button", { name: "搜尋" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/member\\?q=${referred.phone}&promo=all$`));
    const rows = page.getByTestId("data-table").locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("何美玲");
    await expect(rows.first()).toContainText(owner.phone);
    await rows
      .first()
      .getByRole("link", { name: new RegExp(referred.phone) })
      .click();

    // The edit page shows the referral details (referrer uid, phone, names).
    await expect(page.getByRole("heading", { name: "編輯會員：何美玲" })).toBeVisible();
    await waitForHydration(page);
    const referral = page.getByTestId("referral-details");
    await expect(referral).toContainText(owner.phone);
    await expect(referral).toContainText("陳店主");
    await expect(referral).toContainText("推薦人 UID");

    // Edit: names, district, promotion consent.
    await page.getByLabel("名字", { exact: true }).fill("美華");
    await page.getByLabel("地區", { exact: true }).selectOption("新界及離島");
    await page.getByLabel("分區", { exact: true }).selectOption("沙田區");
    await page.getByLabel("同意接收推廣訊息").check();
    await page.getByRole("button", { name: "儲存", exact: true }).click();
    await expect(page.getByText("更新成功")).toBeVisible();
    await expect(page.getByRole("heading", { name: "編輯會員：何美華" })).toBeVisible();
    await expect(page.getByLabel("分區", { exact: true })).toHaveValue("沙田區");
    await expect(page.getByLabel("同意接收推廣訊息")).toBeChecked();
    await expect(page.getByTestId("audit-list")).toContainText("修改會員資料");
    await expect(page.getByTestId("audit-list")).toContainText("名字：美玲 → 美華");

    // Export the ticked rows: only they are in the file.
    await visit(page, `/admin/member?q=${token}`);
    await expect(page.getByTestId("data-table").locator("tbody tr")).toHaveCount(3);
    await page.getByRole("checkbox", { name: new RegExp(referred.phone) }).check();
    await page.getByRole("checkbox", { name: new RegExp(customer.phone) }).check();
    await expect(page.getByTestId("selection-count")).toHaveText("已選 2 項");
    const selected = await downloadText(page, () =>
      page.getByRole("button", { name: "匯出已選會員 CSV" }).click(),
    );
    expect(selected.name).toMatch(/^members-selected-\d{8}-\d{4}\.csv$/);
    expect(selected.text.startsWith("\uFEFF電話號碼,姓氏,名字")).toBe(true);
    const selectedRows = selected.text.trim().split("\r\n").slice(1);
    expect(selectedRows.map((row) => row.split(",")[0]).sort()).toEqual(
      [customer.phone, referred.phone].sort(),
    );
    expect(selected.text).toContain(`${referred.phone},何,美華,`);

    // Export everyone who agreed to promotions: the edited member now, not the customer.
    const optedIn = await downloadText(page, () =>
      page.getByRole("link", { name: "匯出所有同意推廣的會員 CSV" }).click(),
    );
    expect(optedIn.name).toMatch(/^members-opted-in-\d{8}-\d{4}\.csv$/);
    expect(optedIn.text).toContain(`${referred.phone},何,美華,`);
    expect(optedIn.text).not.toContain(customer.phone);

    // The promotion filter narrows the list the same way.
    await visit(page, `/admin/member?q=${referred.phone}&promo=no`);
    await expect(page.getByText("找不到符合條件的會員")).toBeVisible();
  });
});

test.describe("maintenance from the back office", () => {
  // Maintenance closes the whole shop: the @maintenance tag runs this journey in the projects that
  // run after every other journey (playwright.config.ts).
  test("the admin switches maintenance on and still sees the shop, while a member sees the maintenance page", {
    tag: "@maintenance",
  }, async ({ page, browser, phone }) => {
    test.slow();
    await setMaintenance(false);
    try {
      await maintenanceJourney(page, browser, phone);
    } finally {
      await setMaintenance(false);
    }
  });
});

async function maintenanceJourney(page: Page, browser: Browser, phone: boolean) {
  const token = journeyToken();
  const owner = newMember(token, "張", "經理");
  const shopper = newMember(token, "黃", "街坊");
  await signInNewMember(page, owner);
  expect(grantAdmin(owner.phone)).toContain("Granted admin");
  const customer = await anotherPerson(browser);
  await signInNewMember(customer.page, shopper);

  // Turning maintenance on asks first; cancelling keeps the shop open.
  await visit(page, "/admin/settings");
  await expect(page.getByTestId("maintenance-status")).toHaveText("營業中");
  await page.getByLabel("開啟維護模式").check();
  await page.getByRole("button", { name: "儲存設定" }).click();
  const dialog = page.getByRole("dialog", { name: "確定開啟維護模式？" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "取消" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("maintenance-status")).toHaveText("營業中");

  await page.getByRole("button", { name: "儲存設定" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "確定開啟" }).click();
  await expect(page.getByText("更新成功")).toBeVisible();
  await expect(page.getByTestId("maintenance-status")).toHaveText("維護中");

  // The member sees the maintenance page everywhere…
  await visit(customer.page, "/", { status: 503 });
  await expect(customer.page.getByRole("heading", { level: 1 })).toHaveText("網站維護中");
  await visit(customer.page, "/about", { status: 503 });

  // …while the admin still sees the whole shop and the back office.
  await visit(page, "/about");
  await expect(page.getByText("網站維護中")).toHaveCount(0);
  await expect(page.getByTestId("admin-link")).toBeVisible();
  await visit(page, "/admin");
  await expect(page.getByText("網站現正維護中")).toBeVisible();

  // Off again: no question asked, and the member is back in the shop.
  await openFromMenu(page, phone, "網站設定");
  await expect(page).toHaveURL("/admin/settings");
  await waitForHydration(page);
  await page.getByLabel("開啟維護模式").uncheck();
  await page.getByRole("button", { name: "儲存設定" }).click();
  await expect(page.getByText("更新成功")).toBeVisible();
  await expect(page.getByTestId("maintenance-status")).toHaveText("營業中");
  await visit(customer.page, "/about");
  await expect(customer.page.getByText("網站維護中")).toHaveCount(0);
  await customer.context.close();
}
