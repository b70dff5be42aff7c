import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";

export { expect };

interface Fixtures {
  /** Console messages a test expects (e.g. the browser logging a deliberate 404); everything else fails it. */
  allowConsole: RegExp[];
  consoleGuard: undefined;
  /** True in the 390×844 projects. */
  phone: boolean;
}

/**
 * Every toast a page shows is written down as it appears (SPEC §9: a toast lasts 1.5 s or 3 s, which
 * a loaded test machine can miss between two looks), so `expectToast` finds it after it has gone.
 */
function logToasts() {
  const log: string[] = [];
  (window as unknown as { __toasts: string[] }).__toasts = log;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const toasts = node.matches("[data-sonner-toast]")
          ? [node]
          : Array.from(node.querySelectorAll("[data-sonner-toast]"));
        for (const toast of toasts) log.push(toast.textContent ?? "");
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

async function recordToasts(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript(logToasts);
  return context;
}

/**
 * A second person in a journey (a friend, a supplier, the shop's staff): a browser of their own,
 * with their own cookies, the project's screen and locale (the test runner fills in what `options`
 * leaves out) and their toasts logged. They start signed out even where the journey's own page has
 * the admin's storage state, unless `options.storageState` says otherwise.
 */
export async function anotherPerson(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await recordToasts(
    await browser.newContext({ storageState: { cookies: [], origins: [] }, ...options }),
  );
  return { context, page: await context.newPage() };
}

/** Every journey fails on `console.error` or an uncaught page error (STYLE: console.error fails a test). */
export const test = base.extend<Fixtures>({
  context: async ({ context }, use) => {
    await use(await recordToasts(context));
  },
  allowConsole: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowConsole }, use) => {
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        // The browser logs a non-2xx page (the document, or its `.data` on client navigation, e.g. a 404
        // page or the maintenance page's 503) as a resource error; journeys assert those pages themselves.
        // So is a form the server refuses (400): a form sent before its lazily loaded checks arrive
        // is checked by the server instead, and the journey asserts the messages either way.
        if (
          /Failed to load resource: .* (400|404|503)/.test(text) &&
          isPageRequest(message.location().url, page)
        ) {
          return;
        }
        if (allowConsole.some((pattern) => pattern.test(text))) return;
        problems.push(`console.error: ${text} (${message.location().url})`);
      });
      await use(undefined);
      expect(problems, "errors logged in the browser").toEqual([]);
    },
    { auto: true },
  ],
  phone: async ({ isMobile }, use) => {
    await use(isMobile);
  },
});

function isPageRequest(url: string, page: Page): boolean {
  return url === page.url() || new URL(url).pathname.endsWith(".data");
}

/** Resolves once React has hydrated the document, so clicks reach event handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber$")));
}

/**
 * Opens a path, checks the HTTP status, waits for hydration and runs axe:
 * every page a journey visits passes through here.
 */
export async function visit(page: Page, path: string, { status = 200 }: { status?: number } = {}) {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(status);
  await waitForHydration(page);
  // A page as first served is the same on every visit at one screen size: check it once per worker.
  // States reached by interacting (an open drawer, form errors) are checked by the journeys themselves.
  const key = `${test.info().project.name} ${status} ${path}`;
  if (!checkedPages.has(key)) {
    await expectNoSeriousA11yViolations(page);
    checkedPages.add(key);
  }
  return response;
}

const checkedPages = new Set<string>();

export { expectNoSeriousA11yViolations };

/**
 * Lets the page finish the work a fake-clock tick started: React renders from a MessageChannel task
 * (not faked by `page.clock`), so a message posted now is handled after that render.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/**
 * Waits until a toast with this text has been shown on the page's current document, and crosses it
 * off, so the next call waits for another one.
 */
export async function expectToast(page: Page, text: string, { timeout }: { timeout?: number } = {}) {
  await expect
    .poll(
      () =>
        page
          .evaluate((wanted) => {
            const log = (window as unknown as { __toasts?: string[] }).__toasts ?? [];
            const index = log.findIndex((shown) => shown.includes(wanted));
            if (index >= 0) log.splice(index, 1);
            return index >= 0;
          }, text)
          // A navigation under way destroys the context: look again on the next document.
          .catch(() => false),
      { message: `a toast saying "${text}"`, ...(timeout ? { timeout } : {}) },
    )
    .toBe(true);
}
