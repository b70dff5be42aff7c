import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { products } from "../../app/db/schema/index.ts";
import { isValidHost } from "../../server/request-guards.ts";
import { appRoutes, fillPattern } from "../helpers/app-routes.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { expressEndpoints } from "../helpers/express-endpoints.ts";
import { body, paramValue, query } from "../helpers/fuzz-inputs.ts";
import { freePort, type RawResponse, rawRequest, request } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember } from "./admin-fixtures.ts";

/**
 * Issue 26 item 7: bad input is a 4xx, never a 500. A property-based test (fast-check) sends every
 * route of app/routes.ts (its parameters filled with plausible and hostile values, as a page or as
 * React Router's `.data` request) random query strings and random bodies (any method, content type,
 * field names and values: NUL, CR/LF, huge list indexes, unicode, malformed percent escapes) as a
 * visitor, a member and an admin, on the demo shop; the endpoints Express answers itself (page
 * views, health checks, files) get the same. No answer may be a 5xx, none may log an error, and
 * /healthz answers afterwards. Issue 44 item 6: no Host, an empty or a malformed one is a 400 at
 * every endpoint.
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

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

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

const routes = appRoutes();
/** /logout and its English twin /en/logout end the session they are sent with. */
const signsOut = (pattern: string) => pattern === "/logout" || pattern === "/en/logout";

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
      if (signsOut(route.pattern)) cookies.member = await sessionCookie(memberId);
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

describe("a missing or malformed Host is a 400 before React Router (issue 44 item 6)", () => {
  /** Every endpoint: each route of app/routes.ts (parameters filled) and each of Express's own. */
  const everyUrl = () => [
    ...new Set([
      ...routes.map((route) => fillPattern(route.pattern, (param) => (param === "*" ? "nowhere" : "1"))),
      ...expressEndpoints(server.shop.app).map((endpoint) => endpoint.path),
    ]),
  ];
  const hostile = [
    "",
    " ",
    "a b",
    "[::1",
    "x:99999",
    "x:0",
    "x:",
    ":80",
    "a/b",
    "a@b",
    "a?b",
    "[zz::1]",
    "a:b",
    "例子.香港",
    "1.2.3.4.5",
    "999.1.1.1",
    "a:80:80",
    "a\\b",
  ];
  const ask = (method: string, url: string, hostLine: string, version = "1.1") =>
    rawRequest(
      server.url,
      `${method} ${url} HTTP/${version}\r\n${hostLine}Connection: close\r\nContent-Length: 0\r\n\r\n`,
    );

  it("answers no Host, an empty one and malformed ones (and a target that is not a path) with 400 at every endpoint", async () => {
    const urls = everyUrl();
    expect(urls).toEqual(
      expect.arrayContaining(["/healthz", "/api/page-view", "/checkout", "/admin/upload"]),
    );
    const failures: string[] = [];
    for (const url of urls) {
      for (const method of ["GET", "POST"]) {
        // HTTP/1.0 may leave the Host out (Node itself refuses an HTTP/1.1 request without one).
        const missing = await ask(method, url, "", "1.0");
        if (missing !== 400) failures.push(`${method} ${url} without a Host → ${missing}`);
        for (const host of hostile) {
          const status = await ask(method, url, `Host: ${host}\r\n`);
          if (status !== 400) failures.push(`${method} ${url} Host ${JSON.stringify(host)} → ${status}`);
        }
      }
    }
    // The adapter appends the request target to the host: one that is not a path is refused too.
    for (const target of [
      "http://other/about",
      "http://localhost/about",
      "https://x:1/",
      "*",
      "about",
      "?a=1",
    ]) {
      for (const method of ["GET", "POST", "OPTIONS"]) {
        const status = await rawRequest(
          server.url,
          `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
        );
        if (status !== 400) failures.push(`${method} ${target} → ${status}`);
      }
    }
    expect(failures).toEqual([]);
    // A well-formed Host is still served.
    expect(await ask("GET", "/about", "Host: gather.hk\r\n")).toBe(200);
    expect(await ask("GET", "/about", "Host: [::1]:3000\r\n")).toBe(200);
  }, 180_000);

  it(`answers random Host values below 500, and 400 whenever they are not a host (seed ${SEED})`, async () => {
    const urls = everyUrl();
    const hostChars = fc.constantFrom(
      ..."aZ09.-_:[]/@?#% \t\\,;=!*'()~".split(""),
      "例",
      "::",
      "99999",
      "256",
      "1.",
      "0x",
    );
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...urls),
        fc.string({ unit: hostChars, maxLength: 12 }),
        async (url, host) => {
          const status = await ask("GET", url, `Host: ${host}\r\n`);
          // The parser drops a header value's leading and trailing spaces and tabs.
          const valid = isValidHost(host.replace(/^[ \t]+|[ \t]+$/g, ""));
          if (status >= 500 || status === 0 || (!valid && status !== 400)) {
            failures.push(`GET ${url} Host ${JSON.stringify(host)} → ${status}`);
          }
          return true;
        },
      ),
      { numRuns: 400, seed: SEED },
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 120_000);
});

describe("fuzzing every route (fast-check): bad input is a 4xx, never a 5xx", () => {
  it("has routes to fuzz", () => {
    expect(routes.length).toBeGreaterThan(80);
  });

  it(`answers random queries and bodies below 500 as visitor, member and admin (seed ${SEED}, ${RUNS_PER_ROUTE} runs a route)`, async () => {
    const failures: string[] = [];
    // React Router's routes and the endpoints Express answers itself (page views, health checks, files).
    const targets = [
      ...routes,
      ...expressEndpoints(server.shop.app).map((endpoint) => ({ pattern: endpoint.path })),
    ];
    for (const [index, route] of targets.entries()) {
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
          if (signsOut(route.pattern) && input.who !== "visitor" && response.status < 400) {
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
