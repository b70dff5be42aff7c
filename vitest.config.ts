import os from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Integration files wait on real servers and PostgreSQL much of the time, so two run side by side
 * even on a 2-CPU machine (Vitest's own default there is one: CPUs − 1). At most four: each file
 * holds about 15 connections (its pool and its server's) and PostgreSQL allows 100.
 */
const integrationWorkers =
  Number(process.env.VITEST_MAX_WORKERS) || Math.min(4, Math.max(2, os.availableParallelism()));

// Not vite.config.ts: the React Router plugin builds the app and has no place in a test run.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    setupFiles: ["tests/setup/console.ts"],
    environment: "node",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/*.test.ts"],
          // Service tests run against PostgreSQL with the integration project.
          exclude: [...configDefaults.exclude, "app/services/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "app/services/**/*.test.ts"],
          globalSetup: ["tests/setup/integration.global.ts"],
          // Real servers and databases: generous, yet a hung server still fails the run.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: integrationWorkers,
        },
      },
    ],
  },
});
