import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server.ts";

function messageOf(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error("parseEnv accepted a bad configuration");
}

const realProviders = {
  DATABASE_URL: "postgres://shop@db.internal:5432/gather",
  TWILIO_ACCOUNT_SID: "AC123",
  TWILIO_AUTH_TOKEN: "token",
  TWILIO_FROM: "+85230001234",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
};

describe("parseEnv", () => {
  it("runs the demo shop with nothing configured", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      SHOP_MODE: "demo",
      PORT: 3000,
      DATA_DIR: "./data",
      EMBEDDED_PG_PORT: 5433,
      GATHER_TEST_HOOKS: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("treats empty variables as unset", () => {
    const env = parseEnv({ PORT: "", DATABASE_URL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each(["abc", "0", "70000", "80.5"])("refuses PORT=%s, naming the variable", (value) => {
    expect(messageOf({ PORT: value })).toMatch(/^Invalid configuration:\n {2}- PORT: /);
  });

  it("refuses a DATABASE_URL that is not a PostgreSQL URL", () => {
    expect(messageOf({ DATABASE_URL: "mysql://root@localhost/shop" })).toContain(
      "DATABASE_URL: must start with postgres:// or postgresql://",
    );
  });

  it("lists every bad variable at once", () => {
    const message = messageOf({ PORT: "x", EMBEDDED_PG_PORT: "-1", LOG_LEVEL: "loud" });
    expect(message).toContain("- PORT:");
    expect(message).toContain("- EMBEDDED_PG_PORT:");
    expect(message).toContain("- LOG_LEVEL:");
  });

  it("refuses production mode without real SMS, payment and database, saying what is missing", () => {
    const message = messageOf({ SHOP_MODE: "production" });
    expect(message).toContain("SHOP_MODE: production mode needs");
    expect(message).toContain("DATABASE_URL");
    expect(message).toContain("TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM");
    expect(message).toContain("STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET");
  });

  it("names only what is still missing in production mode", () => {
    const { STRIPE_WEBHOOK_SECRET: _left, ...almost } = realProviders;
    const message = messageOf({ SHOP_MODE: "production", ...almost });
    expect(message).toContain("STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET");
    expect(message).not.toContain("TWILIO");
    expect(message).not.toMatch(/needs DATABASE_URL/);
  });

  it("accepts production mode with every provider configured", () => {
    expect(parseEnv({ SHOP_MODE: "production", ...realProviders })).toMatchObject({
      SHOP_MODE: "production",
      DATABASE_URL: realProviders.DATABASE_URL,
    });
  });
});
