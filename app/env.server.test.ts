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
  SMTP_URL: "smtp://user:pass@smtp.example.com:587",
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
    expect(message).toContain("SMTP_URL");
  });

  it("refuses production mode without SMTP, even with every other provider", () => {
    const { SMTP_URL: _left, ...almost } = realProviders;
    const message = messageOf({ SHOP_MODE: "production", ...almost });
    expect(message).toContain("production mode needs SMTP_URL (email)");
    expect(message).not.toContain("TWILIO");
    expect(message).not.toContain("STRIPE");
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

  it.each(["127.0.0.1", "127.0.1.1", "::1", "[::1]", "localhost", "LOCALHOST"])(
    "runs the demo shop on loopback HOST=%s",
    (host) => {
      expect(parseEnv({ HOST: host }).HOST).toBe(host);
    },
  );

  it.each(["0.0.0.0", "::", "192.168.1.20", "shop.example", "10.0.0.5"])(
    "refuses the demo shop on HOST=%s without DEMO_PUBLIC=1, in one line",
    (host) => {
      const message = messageOf({ HOST: host });
      const line = message.split("\n").find((text) => text.includes("- HOST:"));
      expect(line).toContain("demo mode");
      expect(line).toContain("/dev/outbox");
      expect(line).toContain("DEMO_PUBLIC=1");
      expect(message.split("\n")).toHaveLength(2);
    },
  );

  it("serves the demo on any HOST with DEMO_PUBLIC=1", () => {
    expect(parseEnv({ HOST: "0.0.0.0", DEMO_PUBLIC: "1" })).toMatchObject({
      HOST: "0.0.0.0",
      DEMO_PUBLIC: true,
    });
  });

  it("lets production mode listen anywhere", () => {
    expect(parseEnv({ SHOP_MODE: "production", HOST: "0.0.0.0", ...realProviders }).HOST).toBe("0.0.0.0");
  });
});

describe("TRUST_PROXY", () => {
  it("trusts no forwarded header by default", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
  });

  it("takes a number of proxy hops", () => {
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
  });

  it("takes the proxies' addresses, subnets and Express's names", () => {
    expect(
      parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8,192.168.0.0/255.255.0.0, 203.0.113.9, fd00::/8, ::1" })
        .TRUST_PROXY,
    ).toEqual(["loopback", "10.0.0.0/8", "192.168.0.0/255.255.0.0", "203.0.113.9", "fd00::/8", "::1"]);
  });

  it.each(["true", "*", "10.0.0.0/33", "fd00::/129", "proxy.internal", "10.0.0.1,", "11"])(
    "refuses TRUST_PROXY=%s, naming the variable",
    (value) => {
      expect(messageOf({ TRUST_PROXY: value })).toMatch(/- TRUST_PROXY: /);
    },
  );
});
