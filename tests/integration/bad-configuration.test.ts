import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer } from "../helpers/server.ts";

// The real server process, not parseEnv alone: start-up must stop before touching anything.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-bad-env-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function startWith(env: Record<string, string>) {
  const server = spawnServer({ NODE_ENV: "production", DATA_DIR: dataDir, PORT: "3999", ...env });
  const exit = await server.exited;
  return { ...exit, output: server.output() };
}

// The refusals run side by side: each process spends its time loading the server's modules.
type Outcome = Awaited<ReturnType<typeof startWith>>;
const productionProviders = {
  SHOP_MODE: "production",
  DATABASE_URL: "postgres://shop@127.0.0.1:1/x",
  TWILIO_ACCOUNT_SID: "AC123",
  TWILIO_AUTH_TOKEN: "token",
  TWILIO_FROM: "+85230001234",
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
};
let outcomes: {
  badPort: Outcome;
  badDatabaseUrl: Outcome;
  productionWithoutProviders: Outcome;
  productionWithoutSmtp: Outcome;
  publicDemo: Outcome;
  forgeableProxy: Outcome;
};
beforeAll(async () => {
  const [
    badPort,
    badDatabaseUrl,
    productionWithoutProviders,
    productionWithoutSmtp,
    publicDemo,
    forgeableProxy,
  ] = await Promise.all([
    startWith({ PORT: "shop" }),
    startWith({ DATABASE_URL: "mysql://root@localhost/shop" }),
    startWith({ SHOP_MODE: "production", DATABASE_URL: "postgres://shop@127.0.0.1:1/x" }),
    startWith(productionProviders),
    // Never listens: the refusal comes before anything starts.
    startWith({ HOST: "0.0.0.0" }),
    startWith({ TRUST_PROXY: "true" }),
  ]);
  outcomes = {
    badPort,
    badDatabaseUrl,
    productionWithoutProviders,
    productionWithoutSmtp,
    publicDemo,
    forgeableProxy,
  };
});

describe("server start-up with a bad configuration", () => {
  it("exits 1 naming PORT when it is not a port", () => {
    const result = outcomes.badPort;
    expect(result.code).toBe(1);
    expect(result.output).toContain("Invalid configuration:");
    expect(result.output).toMatch(/- PORT: /);
  });

  it("exits 1 naming DATABASE_URL when it is not a PostgreSQL URL", () => {
    const result = outcomes.badDatabaseUrl;
    expect(result.code).toBe(1);
    expect(result.output).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
  });

  it("exits 1 in production mode without SMS, payment and email providers, saying what is missing", () => {
    const result = outcomes.productionWithoutProviders;
    expect(result.code).toBe(1);
    expect(result.output).toContain("production mode needs");
    expect(result.output).toContain("TWILIO_ACCOUNT_SID");
    expect(result.output).toContain("STRIPE_SECRET_KEY");
    expect(result.output).toContain("SMTP_URL");
    // Nothing was started or written before the refusal.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("exits 1 in production mode without SMTP, even with SMS and payments configured", () => {
    const result = outcomes.productionWithoutSmtp;
    expect(result.code).toBe(1);
    expect(result.output).toContain("SHOP_MODE: production mode needs SMTP_URL (email)");
    expect(result.output).not.toContain("TWILIO");
  });

  it("exits 1 in demo mode on a non-loopback HOST without DEMO_PUBLIC=1, saying so in one line", () => {
    const result = outcomes.publicDemo;
    expect(result.code).toBe(1);
    const line = result.output.split("\n").find((text) => text.includes("- HOST:"));
    expect(line).toMatch(/demo mode .*\/dev\/outbox.* not on 0\.0\.0\.0; set DEMO_PUBLIC=1/);
    expect(result.output).not.toContain("Gather is serving");
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("exits 1 when TRUST_PROXY would believe any client's X-Forwarded-For", () => {
    const result = outcomes.forgeableProxy;
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/- TRUST_PROXY: trusting every hop lets any client choose its own address/);
  });
});
