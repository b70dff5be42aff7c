import { z } from "zod";

const port = z.coerce.number().int().min(1).max(65535);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    SHOP_MODE: z.enum(["demo", "production"]).default("demo"),
    PORT: port.default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
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
    /** A query slower than this is logged at warn with its SQL (not its parameters). */
    SLOW_QUERY_MS: z.coerce.number().int().positive().default(500),
    /** Decision 0020: how long a page rendered for a visitor without cookies is served again (0: never). */
    PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    GATHER_TEST_HOOKS: z
      .enum(["0", "1"])
      .default("0")
      .transform((value) => value === "1"),
  })
  .superRefine((env, ctx) => {
    if (env.SHOP_MODE !== "production") return;
    const missing: string[] = [];
    if (!env.DATABASE_URL) missing.push("DATABASE_URL");
    if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM)
      missing.push("TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM (SMS)");
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)
      missing.push("STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET (card payments)");
    if (missing.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["SHOP_MODE"],
        message: `production mode needs ${missing.join("; ")}`,
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

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
