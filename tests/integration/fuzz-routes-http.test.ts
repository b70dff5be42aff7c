import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { products } from "../../app/db/schema/index.ts";
import { appRoutes, fillPattern } from "../helpers/app-routes.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { freePort, type RawResponse, request } from "../helpers/net.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember } from "./admin-fixtures.ts";

/**
 * Issue 26 item 7: bad input is a 4xx, never a 500. A property-based test (fast-check) sends every
 * route of app/routes.ts (its parameters filled with plausible and hostile values, as a page or as
 * React Router's `.data` request) random query strings and random bodies (any method, content type,
 * field names and values: NUL, CR/LF, huge list indexes, unicode, malformed percent escapes) as a
 * visitor, a member and an admin, on the demo shop. No answer may be a 5xx, none may log an error,
 * and /healthz answers afterwards.
 *
 * The seed is fixed so a run is repeatable; FUZZ_SEED=<number> (or `random`) explores others, and a
 * failure prints the seed with every request that failed. FUZZ_RUNS sets the runs per route.
 */

const SEED =
  process.env.FUZZ_SEED === "random"
    ? Date.now() % 2 ** 31
    : Number(process.env.FUZZ_SEED ?? 2026_0726) || 2026_0726;
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12) || 12;

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-fuzz-"));
let server: ServedShop;
const cookies: Record<"visitor" | "member" | "admin", string | undefined> = {
  visitor: undefined,
  member: undefined,
  admin: undefined,
};
let adminId = "";
let memberId = "";

async function sessionCookie(memberId: string): Promise<string> {
  const { token } = await database.services.auth.createSession(memberId, {});
  const header = await createCookie("gather_session").serialize(token);
  return header.split(";")[0]!;
}

beforeAll(async () => {
  fs.chmodSync(dataDir, 0o755);
  // The demo shop (SHOP_MODE=demo, seeded on this empty database): products, cycles, pickup points,
  // so ids in URLs and forms often name real rows; its sandbox payments and /dev/outbox are on too.
  server = await serveShop({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
    RATE_LIMIT_FORMS_PER_MINUTE: "1000000",
    RATE_LIMIT_UPLOADS_PER_MINUTE: "1000000",
  });
  const admin = await createMember(database.db, { type: "admin", phone: "59990001" });
  adminId = admin.id;
  cookies.admin = await sessionCookie(admin.id);
  memberId = (await createMember(database.db, { phone: "59990002" })).id;
  cookies.member = await sessionCookie(memberId);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** Percent-encodes every byte of the text's UTF-8 but the unreserved ones (lone surrogates become U+FFFD). */
function encode(text: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(text)) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

const nasty = fc.constantFrom(
  "",
  "\0",
  "a\0b",
  "\r\n",
  "x\r\nSet-Cookie: a=b",
  "/\r\n/evil.example",
  "%00",
  "%",
  "%zz",
  "%E0%A4%A",
  "\uFFFF",
  "\uD800",
  "陳大文",
  "👩‍👩‍👧",
  "-1",
  "0",
  "1",
  "2",
  "1.5",
  "1e309",
  "NaN",
  "999",
  "2147483648",
  "99999999999999999999",
  "' or 1=1 --",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "null",
  "[]",
  "{}",
  "true",
  "on",
  "a".repeat(5_000),
);
const plausible = fc.constantFrom(
  "send-code",
  "login",
  "place",
  "draft",
  "add",
  "increase",
  "remove",
  "select",
  "selectAll",
  "delete",
  "deactivate",
  "publish",
  "settle",
  "markPaid",
  "cancel",
  "ready",
  "reply",
  "close",
  "upload",
  "commit",
  "discard",
  "create",
  "update",
  "reorder",
  "adjust",
  "save",
  "send",
  "test",
  "success",
  "fail",
  "payme",
  "card",
  "opted-in",
  "selected",
  "12345678",
  "91000001",
  "general",
  "limited",
  "instock",
  "kg",
  "unlimited",
  "set",
  "up",
  "down",
  "a@example.com",
);
const value = fc.oneof(
  { weight: 3, arbitrary: nasty },
  { weight: 3, arbitrary: plausible },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: -10, max: 3_000_000_000 }).map(String) },
);

const queryNames = fc.constantFrom(
  "q",
  "page",
  "pageSize",
  "sort",
  "name",
  "cat",
  "category",
  "brand",
  "merchant",
  "mode",
  "order",
  "placed",
  "ref",
  "token",
  "redirectTo",
  "phone",
  "cycle",
  "view",
  "status",
  "point",
  "method",
  "level",
  "id",
  "scope",
  "product",
  "unweighed",
  "print",
  "show",
  "type",
  "promo",
  "published",
  "stock",
  "reason",
  "area",
  "district",
  "from",
  "to",
  "to[]",
  "_routes",
  "index",
  "x[99999999]",
);
const fieldNames = fc.constantFrom(
  "intent",
  "phone",
  "code",
  "redirectTo",
  "referrer",
  "lastName",
  "firstName",
  "email",
  "pickupPointId",
  "productId",
  "productIds",
  "idempotencyKey",
  "remark",
  "discountCode",
  "ageConfirmed",
  "cycle",
  "only",
  "lines[0].lineId",
  "lines[0].weight",
  "lines[150].weight",
  "lines[99999999].weight",
  "ids",
  "ids[0]",
  "id",
  "direction",
  "name",
  "slug",
  "token",
  "method",
  "outcome",
  "scope",
  "kind",
  "quantity",
  "amountDollars",
  "note",
  "subject",
  "body",
  "message",
  "images[0]",
  "cycleId",
  "file",
  "folder",
  "x[10000000]",
  "x[99999999][a]",
  "a..b",
  "a]",
  "[0]",
  "__proto__",
  "constructor",
  "__proto__.polluted",
  "__intent__",
  "__state__",
  "",
);
/** Names real forms use: a body of these alone gets past the form guard to the schemas and services. */
const formNames = fc.constantFrom(
  "intent",
  "phone",
  "code",
  "pickupPointId",
  "productId",
  "productIds",
  "remark",
  "discountCode",
  "ageConfirmed",
  "idempotencyKey",
  "cycle",
  "only",
  "lines[0].lineId",
  "lines[0].weight",
  "ids",
  "id",
  "name",
  "email",
  "lastName",
  "firstName",
  "message",
  "token",
  "method",
  "outcome",
);
const field = fc.tuple(
  fc.oneof({ weight: 4, arbitrary: fieldNames }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }),
  value,
);

const query = fc.oneof(
  { weight: 1, arbitrary: fc.constant("") },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(queryNames, fc.string({ maxLength: 8 })), value), { maxLength: 4 })
      .map((pairs) => `?${pairs.map(([name, text]) => `${encode(name)}=${encode(text)}`).join("&")}`),
  },
  // Percent escapes as a script types them: broken, overlong, NUL.
  {
    weight: 1,
    arbitrary: fc
      .array(
        fc.constantFrom("%", "%0", "%00", "%zz", "%C0%80", "%ED%A0%80", "%FF", "&", "=", "a", "+", "%0D%0A"),
        {
          maxLength: 8,
        },
      )
      .map((parts) => `?q=${parts.join("")}`),
  },
);

const boundary = "----gatherfuzz";
type Body = { contentType: string | undefined; body: string | undefined };
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ contentType: undefined, body: undefined }),
  fc.array(fc.tuple(formNames, value), { minLength: 1, maxLength: 5 }).map((fields) => ({
    contentType: "application/x-www-form-urlencoded",
    body: fields.map(([name, text]) => `${encode(name)}=${encode(text)}`).join("&"),
  })),
  fc.array(field, { maxLength: 6 }).map((fields) => ({
    contentType: "application/x-www-form-urlencoded",
    body: fields.map(([name, text]) => `${encode(name)}=${encode(text)}`).join("&"),
  })),
  fc.array(field, { maxLength: 6 }).map((fields) => ({
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: `${fields
      .map(
        ([name, text]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`,
      )
      .join("")}--${boundary}--\r\n`,
  })),
  fc
    .tuple(
      fc.constantFrom(
        "text/plain",
        "application/json",
        "application/xml",
        "multipart/form-data",
        "application/x-www-form-urlencoded; charset=utf-16",
        "application/octet-stream",
        "",
      ),
      fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.array(field, { maxLength: 4 }).map((fields) => JSON.stringify(Object.fromEntries(fields))),
        fc.constantFrom("{", "null", "[1,2]", "\0\0\0", "a=b&c=d", '{"intent":"send-code","phone":"1"}'),
      ),
    )
    .map(([contentType, text]) => ({ contentType, body: text })),
);

const paramValue = (param: string) =>
  fc.constantFrom(
    ...(param === "*"
      ? ["nowhere", "a/b/c", "%E4%B8%AD", "%2e%2e/%2e%2e", "x.data", "..", "%FF"]
      : [
          "1",
          "2",
          "3",
          "5",
          "0",
          "-1",
          "999999",
          "2147483648",
          "99999999999999999999",
          "abc",
          "1.5",
          "%E4%B8%AD",
          "%FF",
          "%25",
          "x%0Dy",
          "__ADMIN__",
        ]),
  );

const routes = appRoutes();

/** Sends as `who`, with a content length (never chunked: the server wants one). */
function send(
  who: keyof typeof cookies,
  url: string,
  options: { method?: string; type?: string; body?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (cookies[who]) headers.cookie = cookies[who]!;
  if (options.type) headers["content-type"] = options.type;
  if (options.body !== undefined) headers["content-length"] = String(Buffer.byteLength(options.body));
  return request(server.url, url, { method: options.method ?? "GET", headers, body: options.body });
}

describe("the bad input the issue names is a 4xx", () => {
  it("answers a NUL in any text filter with 400", async () => {
    const filters = [
      "/product?name=%00",
      "/all?sort=%00",
      "/admin/member?q=%00",
      "/admin/product?q=a%00b",
      "/admin/order?q=%00",
      "/admin/stock?q=%00",
      "/admin/feedback?q=%00",
      "/admin/dollar?q=%00",
      "/admin/merchant?q=%00",
      "/admin/brand?q=%00",
      "/admin/discount?q=%00",
      "/admin/location?q=%00",
      "/merchant/%00/1",
    ];
    for (const url of filters) expect((await send("admin", url)).status, url).toBe(400);
  });

  it("answers a post that is not a form (text/plain, JSON) with 415, and one without a body below 500, at every action", async () => {
    for (const route of routes.filter((entry) => entry.hasAction)) {
      const url = fillPattern(route.pattern, () => "1");
      const who = route.admin ? "admin" : "member";
      for (const [type, body] of [
        ["text/plain", "intent=send-code&phone=12345678"],
        ["application/json", '{"intent":"send-code","phone":"12345678"}'],
      ] as const) {
        const response = await send(who, url, { method: "POST", type, body });
        // The upload answers in its own JSON words (400); the webhook and page views read JSON themselves.
        expect(response.status, `${url} ${type}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${url} ${type}`).toBeLessThan(500);
      }
      // No body is a form without fields: refused by the schema, or fine for a sign-out.
      const bare = await send(who, url, { method: "POST" });
      expect(bare.status, `${url} without a body`).toBeLessThan(500);
      if (route.pattern === "/logout") cookies.member = await sessionCookie(memberId);
    }
  });

  it("asks again for a pickup point that does not exist at checkout (draft and order), 400 not 500", async () => {
    // Something in the cart, or the checkout page sends the member back to it.
    const shelf = await database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isPublished, true));
    const added = [];
    for (const { id } of shelf) {
      if ((await database.services.cart.add(memberId, id)).outcome === "added") added.push(id);
      if (added.length > 0) break;
    }
    expect(added).toHaveLength(1);
    const form = "application/x-www-form-urlencoded";
    const draft = await send("member", "/checkout", {
      method: "POST",
      type: form,
      body: "intent=draft&pickupPointId=999",
    });
    expect(draft.status).toBe(400);
    const placed = await send("member", "/checkout", {
      method: "POST",
      type: form,
      body: "intent=place&pickupPointId=999&ageConfirmed=on&idempotencyKey=fuzz-0000-0000-0001",
    });
    expect(placed.status).toBe(400);
  });

  it("never puts CR/LF from redirectTo in a Location header", async () => {
    for (const target of ["%2F%0D%0ASet-Cookie%3A%20a%3Db", "%2F%0Aevil"]) {
      const response = await send("member", `/login?redirectTo=${target}`);
      expect(response.status).toBeGreaterThanOrEqual(300);
      expect(response.status).toBeLessThan(400);
      expect(response.headers.location).toBe("/account");
    }
    // A path in Chinese is a path on the shop: it goes out percent-encoded.
    const chinese = await send("member", "/login?redirectTo=%2F%E4%B8%AD");
    expect(chinese.headers.location).toBe("/%E4%B8%AD");
  });
});

describe("fuzzing every route (fast-check): bad input is a 4xx, never a 5xx", () => {
  it("has routes to fuzz", () => {
    expect(routes.length).toBeGreaterThan(80);
  });

  it(`answers random queries and bodies below 500 as visitor, member and admin (seed ${SEED}, ${RUNS_PER_ROUTE} runs a route)`, async () => {
    const failures: string[] = [];
    for (const [index, route] of routes.entries()) {
      const params = [...route.pattern.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? "*");
      const request$ = fc.record({
        who: fc.constantFrom("visitor" as const, "member" as const, "admin" as const),
        method: fc.constantFrom("GET", "GET", "GET", "POST", "POST", "POST", "PUT", "DELETE", "PATCH"),
        values: fc.tuple(...params.map(paramValue)),
        data: fc.boolean(),
        query,
        body,
      });
      await fc.assert(
        fc.asyncProperty(request$, async (input) => {
          let at = 0;
          let url = fillPattern(route.pattern, () => {
            const given = input.values[at++] ?? "1";
            return given === "__ADMIN__" ? adminId : given;
          });
          if (input.data) url = url === "/" ? "/_root.data" : `${url.replace(/\/$/, "")}.data`;
          url += input.query;
          const headers: Record<string, string> = {};
          if (cookies[input.who]) headers.cookie = cookies[input.who]!;
          const sendsBody = input.method !== "GET" && input.body.body !== undefined;
          if (sendsBody && input.body.contentType !== undefined)
            headers["content-type"] = input.body.contentType;
          if (sendsBody) headers["content-length"] = String(Buffer.byteLength(input.body.body!));
          let response: RawResponse;
          try {
            response = await request(server.url, url, {
              method: input.method,
              headers,
              body: sendsBody ? input.body.body : undefined,
              timeoutMs: 10_000,
            });
          } catch (error) {
            failures.push(`${input.method} ${url} as ${input.who}: ${(error as Error).message}`);
            return true;
          }
          // A sign-out that went through ends the session: the next runs get a new one.
          if (route.pattern === "/logout" && input.who !== "visitor" && response.status < 400) {
            cookies[input.who] = await sessionCookie(input.who === "admin" ? adminId : memberId);
          }
          if (response.status >= 500 || response.status === 0) {
            failures.push(
              `${input.method} ${url} as ${input.who} [${input.body.contentType ?? "no type"}] ` +
                `${JSON.stringify(input.body.body)?.slice(0, 200)} → ${response.status}`,
            );
          }
          return true;
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED + index },
      );
    }
    expect(failures, `seed ${SEED} (FUZZ_SEED=${SEED} repeats this run)`).toEqual([]);

    const errors = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level?: number; msg?: string })
      .filter((line) => (line.level ?? 0) >= 50);
    expect(errors, `seed ${SEED}: errors logged`).toEqual([]);

    const started = Date.now();
    const health = await request(server.url, "/healthz", { timeoutMs: 1_000 });
    expect(health.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
  }, 240_000);
});
