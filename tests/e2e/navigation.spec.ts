import type { Page, Request } from "@playwright/test";
import { plainPage } from "./support/routes.ts";
import { expect, test, visit, waitForHydration } from "./support/test.ts";

// SPEC §4: a global loading overlay during navigations; a page view recorded on each completed route change.

/** Follows a footer link (visible at both widths) the way a shopper would. */
async function clickFooterLink(page: Page, name: string) {
  await page.getByRole("contentinfo").getByRole("link", { name, exact: true }).click();
}

test("the loading overlay shows during a slow navigation and goes when the page arrives", async ({
  page,
}) => {
  await visit(page, plainPage);
  // Hold the next page's data, as a slow mobile network would, until the overlay has been seen.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/guide\.data/, async (route) => {
    await released;
    await route.continue();
  });
  const overlay = page.getByTestId("loading-overlay");
  await expect(overlay).toHaveCount(0);
  await clickFooterLink(page, "團購教學");
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveRole("status");
  release();
  await expect(page).toHaveURL("/guide");
  await expect(overlay).toBeHidden();
});

/** The page a view was recorded for: its JSON body when readable (beacons may hide it), else the referer. */
function viewedPath(request: Request): string {
  try {
    const body = request.postDataJSON() as { path?: string } | null;
    if (body?.path) return body.path;
  } catch {
    // not JSON: fall back to the referer
  }
  const referer = request.headers().referer;
  if (!referer) return "";
  const url = new URL(referer);
  return url.pathname + url.search;
}

test("a page view is recorded on the first load and on each client navigation", async ({ page }) => {
  const views: { path: string; status: Promise<number | undefined> }[] = [];
  page.on("request", (request: Request) => {
    if (request.method() !== "POST" || new URL(request.url()).pathname !== "/api/page-view") return;
    views.push({
      path: viewedPath(request),
      status: request.response().then((response) => response?.status()),
    });
  });

  await visit(page, plainPage);
  await expect.poll(() => views.map((view) => view.path)).toEqual([plainPage]);

  await clickFooterLink(page, "常見問題");
  await expect(page).toHaveURL("/qa");
  await expect.poll(() => views.map((view) => view.path)).toEqual([plainPage, "/qa"]);

  await clickFooterLink(page, "條款及細則");
  await expect(page).toHaveURL("/terms-and-conditions");
  await expect
    .poll(() => views.map((view) => view.path))
    .toEqual([plainPage, "/qa", "/terms-and-conditions"]);

  // Each one was stored (the endpoint answers 204 once the row is written).
  for (const view of views) expect(await view.status).toBe(204);

  // Going back is a route change too.
  await page.goBack();
  await expect(page).toHaveURL("/qa");
  await expect.poll(() => views.length).toBe(4);
});

test("a page reloaded or come back to opens where it was scrolled to (decision 0021)", async ({ page }) => {
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  await visit(page, "/all");
  // A new history entry gets its key before hydration, as with React Router's own script.
  expect(await page.evaluate(() => typeof window.history.state?.key)).toBe("string");
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(scrollY).toBe(900);

  // Reloaded, it opens where it was even before any module script runs (here none does).
  await page.route("**/assets/*.js", (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
  await page.reload();
  await expect.poll(scrollY).toBe(900);
  await page.unrouteAll();
  await page.reload();
  await waitForHydration(page);
  await expect.poll(scrollY).toBe(900);

  // Left by a link and come back to: React Router restores it. (The link is clicked where it is,
  // without scrolling to it, so the position to come back to stays 900.)
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[rel="next"]')?.click());
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(scrollY).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/all$/);
  await expect.poll(scrollY).toBe(900);
});

test("the menus' categories, brands and merchants come with the first page only, not with each navigation", async ({
  page,
}) => {
  const dataRequests: URL[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".data")) dataRequests.push(url);
  });
  await visit(page, plainPage);
  // The side menu's links (shown beside the page on a wide screen, in the drawer on a phone).
  const menuLinks = page.getByTestId("side-menu").locator("a");
  const linksAtFirst = await menuLinks.count();
  expect(linksAtFirst).toBeGreaterThan(0);
  await clickFooterLink(page, "常見問題");
  await expect(page).toHaveURL("/qa");
  await expect.poll(() => dataRequests.map((url) => url.pathname)).toEqual(["/qa.data"]);
  // React Router names the routes whose loaders run: the root's (member, cart count) and the page's.
  const routes = dataRequests[0]!.searchParams.get("_routes")?.split(",") ?? [];
  expect(routes).toContain("root");
  expect(routes).not.toContain("routes/shop/layout");
  // The menu is still whole, from the first page's data.
  expect(await menuLinks.count()).toBe(linksAtFirst);
});

test("opening and closing the product drawer asks for the product's details only, not for route data", async ({
  page,
}) => {
  const requests: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".data") || url.pathname.startsWith("/api/product/"))
      requests.push(url.pathname);
  });
  await visit(page, "/all");
  const link = page.locator(".product-card").first().getByRole("heading").getByRole("link");
  const id = /product=(\d+)/.exec((await link.getAttribute("href")) ?? "")?.[1];
  expect(id).toBeTruthy();
  await link.click();
  const drawer = page.getByTestId("product-drawer");
  // The description is not in the listing's data: it shows once the details have come.
  await expect(drawer.getByRole("heading", { name: "產品介紹" })).toBeVisible();
  await page.goBack();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/all$/);
  expect(requests).toEqual([`/api/product/${id}`]);
});
