import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory } from "../helpers/factories.ts";
import { freePort } from "../helpers/net.ts";
import { startServer } from "../helpers/server.ts";

/**
 * Issue 44 item 9 (the start-up half): the lines the server writes when it starts name the payment
 * provider it actually uses. With Stripe configured in demo mode they said "payments to the sandbox".
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-startup-"));

beforeAll(async () => {
  // Any shop content stops the server seeding the demo shop into this database.
  await createCategory(database.db);
  fs.chmodSync(dataDir, 0o755);
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Starts the bundled server with `env`, stops it, and gives its start-up log lines. */
async function startupLines(env: Record<string, string>) {
  const server = await startServer({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    ...env,
  });
  expect(await server.stop()).toEqual({ code: 0, signal: null });
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown> & { msg: string });
}

const stripe = { STRIPE_SECRET_KEY: "sk_test_startup", STRIPE_WEBHOOK_SECRET: "whsec_startup" };

describe("the start-up lines name the providers in use", () => {
  it("say Stripe when Stripe is configured (demo mode), and never the sandbox", async () => {
    const lines = await startupLines(stripe);
    expect(lines.find((line) => line.msg === "Gather is serving")).toMatchObject({
      payment: "stripe",
      sms: "outbox",
    });
    expect(lines.find((line) => line.msg === "providers")).toMatchObject({ payment: "stripe" });
    const demo = lines.find((line) => line.msg.startsWith("SHOP_MODE=demo"));
    expect(demo?.msg).toContain("card payments through stripe");
    const startup = lines.filter((line) => line.msg !== "request");
    expect(JSON.stringify(startup)).not.toContain("sandbox");
  });

  it("say the sandbox without Stripe, and warn when only one of Stripe's two settings is given", async () => {
    const plain = await startupLines({});
    expect(plain.find((line) => line.msg === "Gather is serving")).toMatchObject({ payment: "sandbox" });
    expect(plain.find((line) => line.msg.startsWith("SHOP_MODE=demo"))?.msg).toContain(
      "card payments through sandbox",
    );
    const half = await startupLines({ STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY });
    expect(half.find((line) => line.msg === "Gather is serving")).toMatchObject({ payment: "sandbox" });
    expect(half.some((line) => /STRIPE_WEBHOOK_SECRET.*sandbox/.test(line.msg))).toBe(true);
  });
});
