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
const maintenanceTag = /@maintenance|@cycle/;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: true,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    baseURL,
    locale: "zh-HK",
    timezoneId: "Asia/Hong_Kong",
    launchOptions,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  projects: [
    { name: "phone", use: phone, grepInvert: [maintenanceTag, /@desktop-only/] },
    { name: "desktop", use: desktop, grepInvert: [maintenanceTag, /@phone-only/] },
    // Whole-shop journeys (maintenance, the open cycle) run alone once every other journey has
    // finished, one screen size after the other. By themselves: --project 'maintenance-*' --no-deps --workers 1.
    {
      name: "maintenance-phone",
      use: phone,
      grep: maintenanceTag,
      dependencies: ["phone", "desktop"],
      workers: 1,
    },
    {
      name: "maintenance-desktop",
      use: desktop,
      grep: maintenanceTag,
      dependencies: ["maintenance-phone"],
      workers: 1,
    },
  ],
  webServer: {
    // The production build on an empty embedded Postgres: every run starts from freshly seeded demo data.
    // DATABASE_URL is dropped so a developer's or CI's external database is never touched.
    command: `rm -rf ${E2E_DATA_DIR} && exec env -u DATABASE_URL node --import tsx server/index.ts`,
    url: `${baseURL}/healthz`,
    env: {
      NODE_ENV: "production",
      SHOP_MODE: "demo",
      HOST: "127.0.0.1",
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      EMBEDDED_PG_PORT: String(E2E_PG_PORT),
      LOG_LEVEL: "warn",
    },
    // Never reuse: a server left running would serve an older build and data that is not fresh.
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
