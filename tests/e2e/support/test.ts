import { test as base, expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./a11y.ts";

export { expect };

interface Fixtures {
  /** Console messages a test expects (e.g. the browser logging a deliberate 404); everything else fails it. */
  allowConsole: RegExp[];
  consoleGuard: undefined;
  /** True in the 390×844 projects. */
  phone: boolean;
}

/** Every journey fails on `console.error` or an uncaught page error (STYLE: console.error fails a test). */
export const test = base.extend<Fixtures>({
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
        if (
          /Failed to load resource: .* (404|503)/.test(text) &&
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
