import { isIP } from "node:net";
import { z } from "zod";

const port = z.coerce.number().int().min(1).max(65535);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    SHOP_MODE: z.enum(["demo", "production"]).default("demo"),
    PORT: port.default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    /** Demo mode serves every sign-in code at /dev/outbox: it listens on loopback only unless this is 1. */
    DEMO_PUBLIC: z
      .enum(["0", "1"])
      .default("0")
      .transform((value) => value === "1"),
    /**
     * Express's `trust proxy`: which hops in front of the shop may say who the client is
     * (X-Forwarded-For, -Proto, -Host). Unset: none, the client is the address that connected.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => parseTrustProxy(value, ctx)),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    GATHER_BUILD_DIR: z.string().min(1).default("build"),
    EMBEDDED_PG_PORT: port.default(5433),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(25_000),
    PUBLIC_URL: z.string().url().optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    /** Twilio API address; only tests point it elsewhere. */
    TWILIO_BASE_URL: z.string().url().optional(),
    /** The shop's PayMe payment link (DESIGN §4.6), shown with its QR code at /payment/payme. */
    PAYME_LINK: z.string().url().default("https://payme.hsbc/gatherdemo"),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Stripe's API address; only tests point it elsewhere. */
    STRIPE_API_BASE: z.string().url().optional(),
    SMTP_URL: z.string().url().optional(),
    /** From address of emails; the shop name is shown as the sender. */
    EMAIL_FROM: z.string().email().default("hello@gather.hk"),
    /** Campaign emails sent per minute per app instance (DESIGN §5, issue 7). */
    EMAIL_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default("auto"),
    /** S3-compatible endpoint (R2, MinIO…); unset means AWS. */
    S3_ENDPOINT: z.string().url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Public base URL the stored files are served from, e.g. a CDN in front of the bucket. */
    S3_PUBLIC_URL: z.string().url().optional(),
    GA_MEASUREMENT_ID: z.string().optional(),
    /** Decision 0015: posts per minute from one address (forms), and uploads per minute. */
    RATE_LIMIT_FORMS_PER_MINUTE: z.coerce.number().int().positive().default(300),
    RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().positive().default(60),
    /** Page views per minute from one address, counted by each instance in its memory. */
    RATE_LIMIT_PAGE_VIEWS_PER_MINUTE: z.coerce.number().int().positive().default(300),
    /**
     * Issue 44 item 7 (docs/deployment.md): how long a client may take to send a request's line and
     * headers, a body (forms, page views, webhooks: at most 1 MB), and an admin upload's body.
     */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
    BODY_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(30_000),
    UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(50).max(3_600_000).default(120_000),
    /** A query slower than this is logged at warn with its SQL (not its parameters). */
    SLOW_QUERY_MS: z.coerce.number().int().positive().default(500),
    /** Decision 0020: how long a page rendered for a visitor without cookies is served again (0: never). */
    PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /**
     * Decision 0045: how long the settings, banners, menus and open cycle read for every shopper are
     * kept between requests (0: read every time). A write through this instance's back office is seen at once.
     */
    SHOP_DATA_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    GATHER_TEST_HOOKS: z
      .enum(["0", "1"])
      .default("0")
      .transform((value) => value === "1"),
  })
  .superRefine((env, ctx) => {
    if (env.SHOP_MODE === "demo" && !env.DEMO_PUBLIC && !isLoopbackHost(env.HOST)) {
      ctx.addIssue({
        code: "custom",
        path: ["HOST"],
        message: `demo mode shows every sign-in code at /dev/outbox, so it listens only on loopback (127.0.0.1, ::1, localhost), not on ${env.HOST}; set DEMO_PUBLIC=1 to serve the demo there anyway`,
      });
    }
    if (env.SHOP_MODE !== "production") return;
    const missing: string[] = [];
    if (!env.DATABASE_URL) missing.push("DATABASE_URL");
    if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM)
      missing.push("TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM (SMS)");
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)
      missing.push("STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET (card payments)");
    if (!env.SMTP_URL) missing.push("SMTP_URL (email)");
    if (missing.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["SHOP_MODE"],
        message: `production mode needs ${missing.join("; ")}`,
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** 127.0.0.0/8, ::1 and localhost: reachable from this machine only. */
function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  if (bare === "localhost" || bare === "::1" || bare === "0:0:0:0:0:0:0:1") return true;
  return isIP(bare) === 4 && bare.startsWith("127.");
}

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** One entry of TRUST_PROXY's list: a name Express knows, an address, or a subnet (CIDR or netmask). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4;
}

/**
 * TRUST_PROXY as Express's `trust proxy` takes it: unset, `0` or `false` trust nobody; a number is
 * how many proxies stand in front of the shop; otherwise a comma-separated list of the proxies'
 * addresses or subnets (`10.0.0.0/8`, `loopback`…). `true` (trust every hop, so any client could
 * name itself in X-Forwarded-For) is refused.
 */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): false | number | string[] {
  const text = value?.trim().toLowerCase() ?? "";
  if (text === "" || text === "0" || text === "false") return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 10) return hops;
    ctx.addIssue({ code: "custom", message: "a hop count is at most 10" });
    return z.NEVER;
  }
  if (text === "true" || text === "*") {
    ctx.addIssue({
      code: "custom",
      message:
        "trusting every hop lets any client choose its own address; give the number of proxies or their addresses",
    });
    return z.NEVER;
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    ctx.addIssue({
      code: "custom",
      message: `not a proxy count, address or subnet: ${bad.map((entry) => JSON.stringify(entry)).join(", ")}`,
    });
    return z.NEVER;
  }
  return entries;
}

export class EnvError extends Error {}

/** Parses the environment once; a bad value stops start-up with a message naming each variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  - ${issue.path.join(".") || "(environment)"}: ${issue.message}`,
  );
  throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
}
