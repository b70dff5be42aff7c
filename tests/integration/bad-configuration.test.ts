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

// The three refusals run side by side: each process spends its time loading the server's modules.
type Outcome = Awaited<ReturnType<typeof startWith>>;
let outcomes: { badPort: Outcome; badDatabaseUrl: Outcome; productionWithoutProviders: Outcome };
beforeAll(async () => {
  const [badPort, badDatabaseUrl, productionWithoutProviders] = await Promise.all([
    startWith({ PORT: "shop" }),
    startWith({ DATABASE_URL: "mysql://root@localhost/shop" }),
    startWith({ SHOP_MODE: "production", DATABASE_URL: "postgres://shop@127.0.0.1:1/x" }),
  ]);
  outcomes = { badPort, badDatabaseUrl, productionWithoutProviders };
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

  it("exits 1 in production mode without SMS and payment providers, saying what is missing", async () => {
    const result = await startWith({
      SHOP_MODE: "production",
      DATABASE_URL: "postgres://shop@127.0.0.1:1/x",
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain("production mode needs");
    expect(result.output).toContain("TWILIO_ACCOUNT_SID");
    expect(result.output).toContain("STRIPE_SECRET_KEY");
    // Nothing was started or written before the refusal.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
