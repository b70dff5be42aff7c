import { defineConfig } from "@playwright/test";

import { desktop, phone } from "./tests/e2e/support/devices.ts";
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PG_PORT, E2E_PORT } from "./tests/e2e/support/server-env.ts";

const ci = !!process.env.CI;
const baseURL = E2E_BASE_URL;

// The system Chromium (Debian package); `playwright install` is never run.
const launchOptions = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
};

/**
 * Journeys that change the whole shop carry a tag and run alone: `@maintenance` switches the
 * site-wide maintenance flag, `@cycle` replaces the open order cycle every checkout needs.
 * `@phone-only` and `@desktop-only` journeys test an element that exists at one width only.
 */
const wholeShopTag = /@maintenance|@cycle/;

/**
 * Which journeys run at which width. The storefront is mobile first: its journeys run at phone
 * width. The back office is worked at a desk: its journeys run at desktop width. The shop's frame
 * and listings are laid out differently at the two widths, so those run at both.
 */
const backOffice =
  /\/(admin-orders|catalogue-admin-[a-z]+|group-buying-admin|members-admin|messages-[a-z]+|owner-[a-z]+|pickup-admin|storefront-admin)\.spec\.ts$/;
const bothWidths = /\/(shell|home|catalogue|navigation|images|maintenance)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: true,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  workers: 2,
  // The list as it runs, then every journey that needed its retry (tests/e2e/support/retried-reporter.ts).
  reporter: [["list"], ["./tests/e2e/support/retried-reporter.ts"]],
  timeout: 30_000,
  // A 2-CPU CI machine runs two browsers, the server and PostgreSQL at once: give each look longer.
  expect: { timeout: ci ? 10_000 : 5_000 },
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    baseURL,
    locale: "zh-HK",
    timezoneId: "Asia/Hong_Kong",
    launchOptions,
    screenshot: "only-on-failure",
    // Recording a trace costs every test screenshots and DOM snapshots at each step; on this
    // 2-CPU machine the browsers were the busiest processes. A failing test is run again with it.
    trace: "on-first-retry",
  },
  projects: [
    // The run's admin registers once, and the back-office journeys start signed in as them
    // (tests/e2e/support/sessions.ts): only the members journeys register through the forms.
    { name: "sign-in", use: desktop, testMatch: /sign-in\.setup\.ts$/ },
    {
      name: "phone",
      use: phone,
      testIgnore: backOffice,
      grepInvert: [wholeShopTag, /@desktop-only/],
      dependencies: ["sign-in"],
    },
    {
      name: "desktop",
      use: desktop,
      testMatch: [bothWidths, backOffice],
      grepInvert: [wholeShopTag, /@phone-only/],
      dependencies: ["sign-in"],
    },
    // Whole-shop journeys (maintenance, the open cycle) run alone once every other journey has
    // finished, one screen size after the other. By themselves: --project 'maintenance-*' --no-deps --workers 1.
    {
      name: "maintenance-phone",
      use: phone,
      grep: wholeShopTag,
      testIgnore: backOffice,
      dependencies: ["phone", "desktop"],
      workers: 1,
    },
    {
      name: "maintenance-desktop",
      use: desktop,
      grep: wholeShopTag,
      testMatch: [bothWidths, backOffice],
      dependencies: ["maintenance-phone"],
      workers: 1,
    },
  ],
  webServer: {
    // The production build on an empty embedded Postgres: every run starts from freshly seeded demo data.
    // DATABASE_URL is dropped so a developer's or CI's external database is never touched.
    command: `rm -rf ${E2E_DATA_DIR} && exec env -u DATABASE_URL node --enable-source-maps build/shop/server.js`,
    url: `${baseURL}/healthz`,
    env: {
      NODE_ENV: "production",
      SHOP_MODE: "demo",
      HOST: "127.0.0.1",
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      EMBEDDED_PG_PORT: String(E2E_PG_PORT),
      LOG_LEVEL: "warn",
      // Journeys play customers on addresses of their own through X-Forwarded-For (SMS caps per IP).
      TRUST_PROXY: "loopback",
    },
    // Never reuse: a server left running would serve an older build and data that is not fresh.
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
