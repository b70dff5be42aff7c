import type { Page } from "@playwright/test";
import { signInNewMember, sql } from "./support/sessions.ts";
import { anotherPerson, expect, expectNoSeriousA11yViolations, test, visit } from "./support/test.ts";

// Deals that share well (issue 31 item 3): the drawer's share button is WhatsApp's share address
// with the product's name, live progress and link; a signed-in member's link carries their referral.

const drawer = (page: Page) => page.getByTestId("product-drawer");
const WA = "https://wa.me/?text=";

/** Opens the first group product of /limited in the drawer; returns its id and the drawer's own progress. */
async function openGroupProduct(page: Page) {
  await visit(page, "/limited");
  const card = page.locator(".product-card").nth(1);
  const name = (await card.getByRole("heading").textContent())!.trim();
  await card.getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/[?&]product=\d+/);
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page).getByRole("heading", { level: 2 })).toHaveText(name);
  const id = new URL(page.url()).searchParams.get("product");
  // "已有 N 人參團 / 目標 M 人", as the drawer shows it: the share text must tell the same count.
  const progress = (await drawer(page).locator(".progress-text").textContent()) ?? "";
  const [, buyers, target] = /已有 (\d+) 人參團 \/ 目標 (\d+) 人/.exec(progress) ?? [];
  return { id, name, buyers: Number(buyers), target: Number(target) };
}

function expectedProgress(buyers: number, target: number): string {
  if (buyers >= target) return `已有 ${buyers} 人參加，已經成團！`;
  if (buyers === 0) return `仲未有人參加，還差 ${target} 人成團`;
  return `已有 ${buyers} 人參加，還差 ${target - buyers} 人成團`;
}

async function sharedText(page: Page): Promise<{ href: string; text: string }> {
  const href = (await drawer(page).getByTestId("share-whatsapp").getAttribute("href")) ?? "";
  return { href, text: decodeURIComponent(href.slice(WA.length)) };
}

test("the drawer's share button opens WhatsApp with the product, its live progress and its link", async ({
  page,
}) => {
  test.slow(); // two pages checked with axe and a drawer
  const product = await openGroupProduct(page);
  expect(product.target).toBeGreaterThan(0);
  const share = drawer(page).getByRole("link", { name: `用 WhatsApp 分享「${product.name}」` });
  await expect(share).toBeVisible();
  await expect(share).toHaveAttribute("target", "_blank");
  const { href, text } = await sharedText(page);
  expect(href.startsWith(WA)).toBe(true);
  const origin = new URL(page.url()).origin;
  expect(text).toContain(product.name);
  expect(text).toContain("成團價 $");
  expect(text).toContain(expectedProgress(product.buyers, product.target));
  expect(text).toMatch(/截單：\d+月\d+日（星期.）\d\d:\d\d（香港時間）/);
  expect(text.split("\n").at(-1)).toBe(`${origin}/all?product=${product.id}`);
  // The link it shares opens the same product.
  await visit(page, `/all?product=${product.id}`);
  await expect(drawer(page).getByRole("heading", { level: 2 })).toHaveText(product.name);
  await expectNoSeriousA11yViolations(page);
});

test("a signed-in member's shared link carries their referral and still opens the product", async ({
  page,
  browser,
}) => {
  test.slow(); // two people, four pages
  const member = await signInNewMember(page);
  const product = await openGroupProduct(page);
  const { text } = await sharedText(page);
  const link = text.split("\n").at(-1) ?? "";
  // The member's referral code, never their phone (DESIGN §4.11: links go into WhatsApp groups).
  const code = (
    await sql<{ referral_code: string }>("select referral_code from members where phone = $1", [member.phone])
  )[0]!.referral_code;
  expect(link).toBe(`${new URL(page.url()).origin}/all?product=${product.id}&ref=${code}`);

  // A friend opens it: the product shows, and registering has the referrer filled in.
  const { context: friend, page: friendPage } = await anotherPerson(browser);
  await visit(friendPage, new URL(link).pathname + new URL(link).search);
  await expect(drawer(friendPage).getByRole("heading", { level: 2 })).toHaveText(product.name);
  await visit(friendPage, "/register");
  await expect(friendPage.locator('input[name="referrer"]')).toHaveValue(code);
  await friend.close();
});
