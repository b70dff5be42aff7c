import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer } from "../helpers/server.ts";

// The real server process, not parseEnv alone: start-up must stop before touching anything.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-bad-env-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function startWith(env: Record<string, string>) {
  const server = spawnServer({ NODE_ENV: "production", DATA_DIR: dataDir, PORT: "3999", ...env });
  const exit = await server.exited;
  return { ...exit, output: server.output() };
}

describe("server start-up with a bad configuration", () => {
  it("exits 1 naming PORT when it is not a port", async () => {
    const result = await startWith({ PORT: "shop" });
    expect(result.code).toBe(1);
    expect(result.output).toContain("Invalid configuration:");
    expect(result.output).toMatch(/- PORT: /);
  });

  it("exits 1 naming DATABASE_URL when it is not a PostgreSQL URL", async () => {
    const result = await startWith({ DATABASE_URL: "mysql://root@localhost/shop" });
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
