import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type AppRoute, appRoutes, fillPattern } from "../helpers/app-routes.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { expressEndpoints } from "../helpers/express-endpoints.ts";
import { createCategory } from "../helpers/factories.ts";
import { freePort, request } from "../helpers/net.ts";
import { projectRoot } from "../helpers/server.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember } from "./admin-fixtures.ts";

/**
 * Issue 26 item 2 over HTTP: no form post can make the server allocate without bound. A body with a
 * huge list index (`x[10000000]=1`, CVE-2014-7191's class), a deep one, thousands of fields or
 * names its form does not know is refused with a 4xx before it is parsed, quickly and with a small
 * reply (nothing echoed back), at every action of app/routes.ts, signed in as whoever gets past the
 * route's own check (a member for the shop, an admin for the back office), and as a visitor.
 * Issue 44 item 5: the same at the endpoints Express answers itself (page views), in JSON too (a
 * NUL, escaped or raw, names no schema knows, thousands of keys), and no route reads a body but
 * through the guard.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-form-bounds-"));
let server: ServedShop;
const cookies: Record<"member" | "admin", string> = { member: "", admin: "" };

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  // Any shop content stops the server seeding the demo shop into this database.
  await createCategory(database.db);
  cookies.admin = await sessionCookie((await createMember(database.db, { type: "admin" })).id);
  cookies.member = await sessionCookie((await createMember(database.db)).id);
  fs.chmodSync(dataDir, 0o755);
  server = await serveShop({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
    RATE_LIMIT_FORMS_PER_MINUTE: "100000",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const boundary = "----gather-bounds";
const multipart = (fields: Array<[string, string]>) =>
  `${fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("")}--${boundary}--\r\n`;

/** What the attack sends: a sign-in form's own fields with one hostile name (or thousands of fields). */
const hostile: Array<{ name: string; contentType: string; body: string }> = [
  {
    name: "a list index of ten million",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=send-code&phone=abc&x[10000000]=1",
  },
  {
    name: "a list index of fifty million",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=send-code&phone=abc&x[50000000]=1",
  },
  {
    name: "a nested object under a huge index",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=send-code&phone=abc&x[99999999][a]=1",
  },
  {
    name: "5,000 fields",
    contentType: "application/x-www-form-urlencoded",
    body: Array.from({ length: 5_000 }, (_, index) => `f${index}=1`).join("&"),
  },
  {
    name: "5,000 values of one field",
    contentType: "application/x-www-form-urlencoded",
    body: Array.from({ length: 5_000 }, () => "intent=1").join("&"),
  },
  {
    name: "a huge index in a multipart body",
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: multipart([
      ["intent", "send-code"],
      ["lines[10000000].weight", "1"],
    ]),
  },
  {
    name: "a name no form knows",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=send-code&phone=abc&notAField=1",
  },
];

/** The same attacks in JSON (page views, webhooks), and a NUL in either kind of body. */
hostile.push(
  {
    name: "a NUL byte in a form",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=send-code&phone=%00",
  },
  { name: "a raw NUL byte in JSON", contentType: "application/json", body: '{"path":"/a\0b"}' },
  { name: "an escaped NUL in JSON", contentType: "application/json", body: '{"path":"/a\\u0000b"}' },
  {
    name: "a JSON name no endpoint knows",
    contentType: "application/json",
    body: '{"path":"/","notAField":1}',
  },
  {
    name: "a JSON __proto__",
    contentType: "application/json",
    body: '{"path":"/","__proto__":{"polluted":1}}',
  },
  {
    name: "5,000 JSON keys",
    contentType: "application/json",
    body: JSON.stringify(Object.fromEntries(Array.from({ length: 5_000 }, (_, index) => [`f${index}`, 1]))),
  },
  {
    name: "a JSON list of 100,000",
    contentType: "application/json",
    body: JSON.stringify({ path: Array(100_000).fill(1) }),
  },
  {
    name: "JSON nested 5,000 deep",
    contentType: "application/json",
    body: `${"[".repeat(5_000)}${"]".repeat(5_000)}`,
  },
  { name: "JSON that is not JSON", contentType: "application/json", body: '{"path":' },
);

const actions = appRoutes().filter((route) => route.hasAction);
const urlOf = (route: AppRoute) => fillPattern(route.pattern, (param) => (param === "*" ? "nowhere" : "1"));

/** Every endpoint that takes a body: the actions of app/routes.ts and Express's own (page views). */
function bodyEndpoints(): Array<{ url: string; admin: boolean }> {
  const writes = expressEndpoints(server.shop.app).filter((endpoint) =>
    endpoint.methods.some((method) => !["GET", "HEAD", "OPTIONS"].includes(method)),
  );
  return [
    ...actions.map((route) => ({ url: urlOf(route), admin: route.admin })),
    ...writes.map((endpoint) => ({ url: endpoint.path, admin: false })),
  ];
}

describe("every action refuses a form it would have to allocate without bound for", () => {
  it("finds the actions of app/routes.ts (shop and back office)", () => {
    expect(actions.map((route) => route.pattern)).toEqual(
      expect.arrayContaining([
        "/login",
        "/register",
        "/cart",
        "/checkout",
        "/admin/weekly-order/weighing",
        "/admin/stock",
      ]),
    );
    expect(actions.length).toBeGreaterThan(30);
  });

  it("reads every body through the one guard (no route reads request.formData(), .text(), .json()… itself)", () => {
    const direct = appRoutes().filter((route) =>
      /request\.(formData|text|json|arrayBuffer|blob|bytes)\(|request\.body\b/.test(
        fs.readFileSync(path.join(projectRoot, "app", route.file), "utf8"),
      ),
    );
    expect(direct.map((route) => route.file)).toEqual([]);
  });

  it("finds Express's own endpoints that take a body (page views)", () => {
    expect(bodyEndpoints().map((endpoint) => endpoint.url)).toEqual(
      expect.arrayContaining(["/api/page-view", "/payment/webhook/stripe", "/admin/upload", "/checkout"]),
    );
  });

  for (const body of hostile) {
    it(`answers ${body.name} with a quick, small 4xx at every endpoint`, async () => {
      const failures: string[] = [];
      for (const { url, admin } of bodyEndpoints()) {
        const started = Date.now();
        const response = await request(server.url, url, {
          method: "POST",
          headers: {
            "content-type": body.contentType,
            cookie: admin ? cookies.admin : cookies.member,
          },
          body: body.body,
        });
        const ms = Date.now() - started;
        if (response.status < 400 || response.status >= 500 || ms > 2_000 || response.body.length > 100_000) {
          failures.push(`${url}: ${response.status} in ${ms} ms, ${response.body.length} bytes`);
        }
        // A visitor is stopped at the route's own check or at the form: never a 5xx, never slow.
        const anonymous = await request(server.url, url, {
          method: "POST",
          headers: { "content-type": body.contentType },
          body: body.body,
        });
        if (anonymous.status >= 500 || anonymous.body.length > 100_000) {
          failures.push(`${url} (visitor): ${anonymous.status}, ${anonymous.body.length} bytes`);
        }
      }
      expect(failures).toEqual([]);
      const health = await request(server.url, "/healthz", { timeoutMs: 1_000 });
      expect(health.status).toBe(200);
    });
  }

  it("never echoes an unknown field back (the reply of /login carries none of the attack)", async () => {
    const response = await request(server.url, "/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=send-code&phone=abc&echoMe=canary-7f3a",
    });
    expect(response.status).toBe(400);
    expect(response.body).not.toContain("canary-7f3a");
  });

  it("still takes a well-formed sign-in form (its fields, an unknown phone answered as before)", async () => {
    const response = await request(server.url, "/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=send-code&phone=abc&redirectTo=%2Faccount",
    });
    // The schema's own refusal of the phone, in the form: not the guard's bare 400 page.
    expect(response.status).toBe(400);
    expect(response.body).toContain(`name="phone"`);
  });
});

describe("page views: the guard in front, each view saved on its own merit (issue 44 item 5)", () => {
  it("saves the 40 good views posted beside a bad one, and refuses only the bad one with 400", async () => {
    const marker = `/bounds-${Date.now()}`;
    const post = (body: string) =>
      request(server.url, "/api/page-view", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
    const good = Array.from({ length: 40 }, (_, index) =>
      post(JSON.stringify({ path: `${marker}/${index}` })),
    );
    const bad = post(JSON.stringify({ path: `${marker}/\0` }));
    const answers = await Promise.all([...good, bad]);
    expect(answers.slice(0, 40).map((answer) => answer.status)).toEqual(Array(40).fill(204));
    expect(answers[40]!.status).toBe(400);
    const { rows } = await database.pool.query<{ count: number }>(
      "select count(*)::int as count from page_views where path like $1",
      [`${marker}/%`],
    );
    expect(rows[0]!.count).toBe(40);
  });

  it("refuses a page view that is not JSON with 415 and one over 16 kB with 413", async () => {
    const form = await request(server.url, "/api/page-view", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "path=%2F",
    });
    expect(form.status).toBe(415);
    const large = await request(server.url, "/api/page-view", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: `/${"a".repeat(20_000)}` }),
    });
    expect(large.status).toBe(413);
  });
});
