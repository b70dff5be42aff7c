import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { freePorts, request } from "../helpers/net.ts";
import { randomSuffix, withClient } from "../helpers/postgres.ts";
import { type RunningServer, startServer } from "../helpers/server.ts";

/**
 * The shop as `npm start` runs it: the production build, embedded PostgreSQL and an empty data
 * directory, then a restart on the same directory. DATABASE_URL is never passed, even in CI:
 * this file is about the embedded start. Tests run in order and share the server.
 */

const storefrontRoutes = [
  "/",
  "/about",
  "/guide",
  "/qa",
  "/terms-and-conditions",
  "/referral",
  "/location",
  "/cooperation",
  "/survey",
  "/prelaunch",
  "/success-registration",
  "/whole-piece",
  "/whole-piece-abs",
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-prod-"));
// The embedded server runs as the `postgres` user when the tests run as root.
fs.chmodSync(dataDir, 0o755);
const pageViewMarker = `/integration-${randomSuffix()}`;
let ports: { http: number; postgres: number };
let server: RunningServer | undefined;

async function start(extraEnv: Record<string, string> = {}) {
  if (!ports) {
    const [http, postgres] = await freePorts(2);
    ports = { http: http!, postgres: postgres! };
  }
  server = await startServer({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(ports.http),
    EMBEDDED_PG_PORT: String(ports.postgres),
    GATHER_BUILD_DIR: inject("buildDir"),
    ...extraEnv,
  });
  return server;
}

/** Reads the shop's own database directly (credentials as app/db/client.server.ts sets them up). */
function query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []) {
  const url = `postgres://postgres:gather@127.0.0.1:${ports.postgres}/gather`;
  return withClient(url, async (client) => (await client.query<T>(sql, params)).rows);
}

function running(): RunningServer {
  if (!server) throw new Error("the server is not running (an earlier test failed)");
  return server;
}

afterAll(async () => {
  // A failed test may leave the server up; stop it properly so embedded PostgreSQL stops too.
  await server?.stop("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe("first start from an empty data directory", () => {
  it("initialises PostgreSQL, migrates, seeds and answers /healthz", { timeout: 120_000 }, async () => {
    expect(fs.readdirSync(dataDir)).toEqual([]);
    await start();
    const health = await request(running().url, "/healthz");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ ok: true });
  });

  it.each(storefrontRoutes)("GET %s is a 200 HTML page", async (route) => {
    const response = await request(running().url, route);
    expect(response.status, response.body.slice(0, 500)).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(/^<!DOCTYPE html>/i.test(response.body), "a full HTML document").toBe(true);
    expect(/<title>[^<]+<\/title>/.test(response.body), "a page title (route meta)").toBe(true);
  });

  it.each(["/404", "/no-such-page", "/about/nothing/here"])("GET %s is the 404 page", async (route) => {
    const response = await request(running().url, route);
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(/^<!DOCTYPE html>/i.test(response.body), "a full HTML document").toBe(true);
  });

  it.each([
    "/?%E0%A4%A=1",
    "/location?x[]=1&x=2",
    "/qa?%",
    "/?page=-1&page=abc&cat=%00",
    "/survey?a=%ZZ&b=%ff%fe",
    "/about?utm_source=<script>alert(1)</script>",
    "/%E0%A4%A",
    "/location/%ZZ",
  ])("a malformed URL never causes a 500: %s", async (route) => {
    const response = await request(running().url, route);
    expect(response.status).toBeLessThan(500);
  });

  it("serves the build's files: the favicon at the root for an hour, hashed assets for a year", async () => {
    const favicon = await request(running().url, "/favicon.svg");
    expect(favicon.status).toBe(200);
    expect(favicon.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
    const page = await request(running().url, "/");
    const asset = page.body.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset, "the home page links a script of the build").toBeDefined();
    const script = await request(running().url, asset!);
    expect(script.status).toBe(200);
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("tags every response with a request id, keeping a well-formed incoming one", async () => {
    const fresh = await request(running().url, "/about");
    expect(fresh.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const given = await request(running().url, "/about", { headers: { "x-request-id": "edge-42" } });
    expect(given.headers["x-request-id"]).toBe("edge-42");
    for (const forged of ["two words", "x".repeat(65), "<script>"]) {
      const response = await request(running().url, "/about", { headers: { "x-request-id": forged } });
      expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("stores a page view posted to /api/page-view", async () => {
    const response = await request(running().url, "/api/page-view", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: pageViewMarker, visitorId: "integration-visitor" }),
    });
    expect(response.status).toBeLessThan(300);
    const rows = await query("select visitor_id from page_views where path = $1", [pageViewMarker]);
    expect(rows).toEqual([{ visitor_id: "integration-visitor" }]);
  });

  it("refuses a malformed page view without storing it", async () => {
    const response = await request(running().url, "/api/page-view", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
  });

  it("stops on SIGTERM with exit code 0, leaving the PostgreSQL data on disk", {
    timeout: 60_000,
  }, async () => {
    const exit = await running().stop("SIGTERM");
    server = undefined;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dataDir, "postgres/PG_VERSION"))).toBe(true);
    // PostgreSQL itself was shut down cleanly, not orphaned.
    expect(fs.existsSync(path.join(dataDir, "postgres/postmaster.pid"))).toBe(false);
  });
});

describe("second start on the same data directory", () => {
  it("keeps the data: the settings row and the page view recorded before", { timeout: 120_000 }, async () => {
    await start({ GATHER_TEST_HOOKS: "1" });
    expect(await query("select count(*)::int as count from site_settings")).toEqual([{ count: 1 }]);
    expect(
      await query("select count(*)::int as count from page_views where path = $1", [pageViewMarker]),
    ).toEqual([{ count: 1 }]);
    expect((await request(running().url, "/")).status).toBe(200);
  });

  it("on SIGTERM finishes requests in flight, refuses new connections and exits 0", {
    timeout: 60_000,
  }, async () => {
    const current = running();
    const slow = Array.from({ length: 10 }, () => request(current.url, "/__test/slow?ms=2000"));
    // All ten are in the server, each sleeping in PostgreSQL, when the signal comes.
    await expect
      .poll(
        async () =>
          (
            await query<{ count: number }>(
              "select count(*)::int as count from pg_stat_activity where query like 'select pg_sleep($1)%' and state = 'active'",
            )
          )[0]?.count,
        { timeout: 10_000, interval: 20 },
      )
      .toBe(10);
    current.child.kill("SIGTERM");

    // The listener closes at once: new connections are refused.
    await expect
      .poll(
        () =>
          request(current.url, "/healthz", { timeoutMs: 2_000 }).then(
            () => "answered",
            (error: { code?: string }) => error.code,
          ),
        { timeout: 5_000, interval: 20 },
      )
      .toBe("ECONNREFUSED");
    const finished = await Promise.all(slow);
    expect(finished.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(await current.exited).toEqual({ code: 0, signal: null });
    server = undefined;
  });
});
