import type { Page } from "@playwright/test";
import { codeFor, customerHeaders, newPhone } from "./support/members.ts";
import { newPickupCode, pickupPoint, readyOrderToday } from "./support/pickup.ts";
import { createMember, signInNewMember, sql } from "./support/sessions.ts";
import {
  anotherPerson,
  expect,
  expectNoSeriousA11yViolations,
  expectToast,
  test,
  visit,
} from "./support/test.ts";

// Issue 3 items 5 and 6, member side: registering with a referrer, /account, /account/profile and the
// signed-in /referral (SPEC §4, §5, §8; DESIGN §4.11, §7).

// SMS codes are capped per IP (DESIGN §4.14): each worker plays a customer on an address of its own.
test.use(customerHeaders());

interface NewMember {
  phone: string;
  lastName: string;
  firstName: string;
  email: string;
}

function newMember(lastName: string, firstName: string): NewMember {
  const phone = newPhone();
  return { phone, lastName, firstName, email: `member${phone}@example.hk` };
}

/** Registers through /register (optionally from a share link) and lands on /success-registration, signed in. */
async function register(page: Page, member: NewMember, referrer?: string) {
  await visit(page, referrer ? `/register?ref=${referrer}` : "/register");
  if (referrer) await expect(page.getByLabel("推薦人電話號碼")).toHaveValue(referrer);
  await page.getByLabel("電話號碼", { exact: true }).fill(member.phone);
  await page.getByRole("button", { name: "發送驗證碼" }).click();
  await expectToast(page, "驗證碼已發送");
  await page.getByLabel("驗證碼").fill(await codeFor(page, member.phone));
  await page.getByLabel("姓氏").fill(member.lastName);
  await page.getByLabel("名字").fill(member.firstName);
  await page.getByLabel("電郵").fill(member.email);
  await page.getByRole("button", { name: "註冊", exact: true }).click();
  await expect(page).toHaveURL("/success-registration");
  await expectToast(page, "註冊成功");
}

test.describe("account pages", () => {
  test("need a signed-in member: visitors are sent to /login with the way back", async ({ page }) => {
    for (const path of ["/account", "/account/profile"]) {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  test("/account greets the member and links to orders, profile, D幣 and referral", async ({ page }) => {
    const member = await signInNewMember(page, newMember("黃", "小玲"));
    await visit(page, "/account");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("黃小玲，你好！");
    await expect(page.getByTestId("account-balance")).toHaveText("$0.00");
    await expect(main.getByText(`+852 ${member.phone.slice(0, 4)} ${member.phone.slice(4)}`)).toBeVisible();
    for (const [name, href] of [
      [/我的訂單/, "/order"],
      [/帳戶資料/, "/account/profile"],
      [/我的 D幣/, "/account/dollar"],
      [/推薦朋友/, "/referral"],
    ] as const) {
      await expect(main.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    // Members are not admins: no back-office link.
    await expect(page.getByTestId("account-admin-link")).toHaveCount(0);
    await expect(page.getByTestId("admin-link")).toHaveCount(0);

    await main.getByRole("button", { name: "登出" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("account-link")).toHaveAttribute("href", "/login");
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });
});

test.describe("referral", () => {
  test("a friend registers from the share link; each sees the other on /referral", async ({
    page,
    browser,
  }) => {
    test.slow(); // a registration, each page checked with axe
    // The referrer is signed in already; the friend's registration from the link is the journey.
    const referrer = await signInNewMember(page, newMember("陳", "大文"));
    const friend = newMember("李", "小明");

    // The friend is someone else on another phone: a browser context of their own.
    const { context: friendContext, page: friendPage } = await anotherPerson(browser);
    const friendErrors: string[] = [];
    friendPage.on("pageerror", (error) => friendErrors.push(error.message));
    friendPage.on("console", (message) => {
      if (message.type() === "error") friendErrors.push(message.text());
    });
    // The link carries the referrer's code, never their number (DESIGN §4.11).
    const code = (
      await sql<{ referral_code: string }>("select referral_code from members where phone = $1", [
        referrer.phone,
      ])
    )[0]!.referral_code;
    await register(friendPage, friend, code);
    await friendPage.screenshot({ path: test.info().outputPath("registered-from-code-link.png") });

    await visit(friendPage, "/referral");
    const friendView = friendPage.getByTestId("referral-neighbors");
    // Each side sees the other the same way: surname and the last four digits (DESIGN §4.11).
    await expect(friendView.getByTestId("referrer")).toContainText("陳**");
    await expect(friendView.getByTestId("referrer")).toContainText(`**** ${referrer.phone.slice(4)}`);
    await expect(friendView.getByTestId("referrer")).not.toContainText("大文");
    await expect(friendView.getByText("暫時未有朋友以你的連結註冊。")).toBeVisible();
    // The referrer is on record and cannot be changed (SPEC §4, DESIGN §4.11).
    await visit(friendPage, "/account/profile");
    const referrerField = friendPage.getByLabel("推薦人電話號碼");
    await expect(referrerField).toHaveValue("");
    await expect(referrerField).toHaveAttribute("readonly", "");
    await expect(friendPage.getByTestId("profile-referrer")).toContainText(
      `陳**（**** ${referrer.phone.slice(4)}）`,
    );
    await expect(friendPage.getByText("推薦人一經登記不能更改")).toBeVisible();
    await friendContext.close();
    expect(friendErrors, "errors logged in the friend's browser").toEqual([]);

    await visit(page, "/referral");
    const referees = page.getByTestId("referees");
    await expect(referees.getByRole("listitem")).toHaveCount(1);
    await expect(referees).toContainText("李**");
    await expect(referees).not.toContainText("小明");
    // The friend's number is shown only in part.
    await expect(referees).toContainText(`**** ${friend.phone.slice(4)}`);
    await expect(referees).not.toContainText(friend.phone);
    await expect(page.getByText("共 1 位")).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath("referrer-sees-masked-referee.png"),
      fullPage: true,
    });
    await expect(page.getByTestId("referrer")).toHaveCount(0);
  });

  test("a member cannot name their own friend back, nor anyone once they have bought (DESIGN §4.8)", async ({
    page,
  }) => {
    const member = await signInNewMember(page, newMember("陳", "大文"));
    const friend = newMember("李", "小明");
    await createMember(friend, { referrer: member.phone });

    await visit(page, "/account/profile");
    await expect(page.getByText("須於首次付款購物前填寫")).toBeVisible();
    await page.getByLabel("推薦人電話號碼").fill(friend.phone);
    await page.getByRole("button", { name: "儲存" }).click();
    await expectToast(page, "不可填寫此推薦人：對方是由你推薦（或由你推薦的朋友再推薦）加入的會員");
    await expect(page.getByLabel("推薦人電話號碼")).toHaveAttribute("aria-invalid", "true");
    expect(await sql("select referrer_id from members where phone = $1", [member.phone])).toEqual([
      { referrer_id: null },
    ]);

    // Another member on this phone, who has a paid order: the field is closed and says why.
    const buyer = await signInNewMember(page, newMember("張", "三"));
    const point = await pickupPoint(`推薦測試站${buyer.phone}`);
    await readyOrderToday(newPickupCode(), buyer.phone, point.id);
    await visit(page, "/account/profile");
    await expect(page.getByLabel("推薦人電話號碼")).toHaveAttribute("readonly", "");
    await expect(page.getByText("你已有付款訂單。推薦計劃只適用於新會員")).toBeVisible();
    await visit(page, "/referral");
    await expect(page.getByTestId("referrer-closed")).toContainText("推薦計劃只適用於新會員");
    await expect(page.getByRole("link", { name: "填寫推薦人" })).toHaveCount(0);
  });

  test.describe("share panel", () => {
    test.use({ permissions: ["clipboard-read", "clipboard-write"] });

    test("visitors see the programme without a share panel", async ({ page }) => {
      await visit(page, "/referral");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("referral-share")).toHaveCount(0);
      await expect(page.getByRole("main").locator('a[href="/register"]')).toBeVisible();
    });

    test("copies the link, the referral link and the share message, each with its toast", async ({
      page,
      baseURL,
    }) => {
      const member = await signInNewMember(page, newMember("張", "家明"));
      await visit(page, "/referral");
      const panel = page.getByTestId("referral-share");
      const code = (
        await sql<{ referral_code: string }>("select referral_code from members where phone = $1", [
          member.phone,
        ])
      )[0]!.referral_code;
      const referralUrl = `${baseURL}/register?ref=${code}`;
      await expect(panel.getByTestId("referral-link")).toHaveText(referralUrl);

      const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
      await panel.getByRole("button", { name: "複製推薦連結" }).click();
      await expectToast(page, "已複製推薦連結");
      expect(await clipboard()).toBe(referralUrl);

      await panel.getByRole("button", { name: "複製分享訊息" }).click();
      await expectToast(page, "已複製分享資訊");
      const message = await clipboard();
      expect(message).toContain(referralUrl);
      expect(message).toContain("齊齊買");

      await panel.getByRole("button", { name: "複製本頁連結" }).click();
      await expectToast(page, "已複製連結");
      expect(await clipboard()).toBe(`${baseURL}/referral`);

      const whatsapp = panel.getByRole("link", { name: "WhatsApp 分享" });
      await expect(whatsapp).toHaveAttribute("href", `https://wa.me/?text=${encodeURIComponent(message)}`);
      await expect(whatsapp).toHaveAttribute("target", "_blank");
      await expectNoSeriousA11yViolations(page);
    });
  });
});

test.describe("/account/profile", () => {
  test("validates names and email, refuses a bad referrer with the spec's messages, then saves", async ({
    page,
  }) => {
    test.slow(); // five form posts, each page checked with axe
    const member = await signInNewMember(page, newMember("何", "詠詩"));
    await visit(page, "/account");
    await page
      .getByRole("main")
      .getByRole("link", { name: /帳戶資料/ })
      .click();
    await expect(page).toHaveURL("/account/profile");
    await expectNoSeriousA11yViolations(page);

    await expect(page.getByLabel("電話號碼", { exact: true })).toHaveValue(member.phone);
    await expect(page.getByLabel("電話號碼", { exact: true })).toHaveAttribute("readonly", "");
    await expect(page.getByText("電話號碼登記後不能更改")).toBeVisible();

    const save = page.getByRole("button", { name: "儲存" });
    await page.getByLabel("姓氏").fill("");
    await page.getByLabel("電郵").fill("not-an-email");
    await save.click();
    await expect(page.getByText("必須填寫", { exact: true })).toBeVisible();
    await expect(page.getByText("電郵格式不正確")).toBeVisible();
    await page.getByLabel("姓氏").fill("何");
    await page.getByLabel("電郵").fill(member.email);

    const referrerField = page.getByLabel("推薦人電話號碼");
    const unknown = newPhone();
    await referrerField.fill(unknown);
    await save.click();
    const missing = "更新資料失敗：推薦人電話號碼不在記錄之內";
    await expectToast(page, missing);
    await expect(page.getByRole("alert").filter({ hasText: missing })).toBeVisible();
    await expect(referrerField).toHaveAttribute("aria-invalid", "true");

    await referrerField.fill(member.phone);
    await save.click();
    const self = "推薦人電話號碼不可以與你的電話號碼相同";
    await expectToast(page, self);
    await expect(page.getByRole("alert").filter({ hasText: self })).toBeVisible();

    // Nothing was saved by the refused attempts; a clean update goes through.
    await referrerField.fill("");
    await page.getByLabel("名字").fill("詠欣");
    const promotion = page.getByLabel(/優惠及推廣訊息/);
    await expect(promotion).not.toBeChecked();
    await promotion.check();
    await save.click();
    await expectToast(page, "已更新帳戶資料");
    await expect(page).toHaveURL("/account/profile");
    await page.reload();
    await expect(page.getByLabel("名字")).toHaveValue("詠欣");
    await expect(promotion).toBeChecked();
    await expect(referrerField).toHaveValue("");

    await visit(page, "/account");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("何詠欣，你好！");
    await visit(page, "/referral");
    await expect(page.getByText("你未有推薦人。", { exact: false })).toBeVisible();
  });
});
