import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { readPostmasterLock } from "../../app/db/postmaster.server.ts";
import { freePorts, request } from "../helpers/net.ts";
import { randomSuffix, withClient } from "../helpers/postgres.ts";
import { type Exit, projectRoot, type RunningServer, spawnServer, startServer } from "../helpers/server.ts";

/**
 * Issue 26 item 4: the shop comes back after a crash. The server is killed with SIGKILL, which
 * leaves its embedded PostgreSQL running on the data directory; the next start stops that
 * postmaster and starts its own, with every committed row still there. Real processes throughout;
 * the tests run in order on one data directory (the first start runs initdb).
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-crash-"));
// The embedded server runs as the `postgres` user when the tests run as root.
fs.chmodSync(dataDir, 0o755);
const databaseDir = path.join(dataDir, "postgres");
let ports: { http: number; postgres: number };
let server: RunningServer | undefined;
/** Every postmaster seen on the data directory: none may be running once the file is done. */
const postmasters = new Set<number>();

async function env(): Promise<Record<string, string> & { PORT: string }> {
  if (!ports) {
    const [http, postgres] = await freePorts(2);
    ports = { http: http!, postgres: postgres! };
  }
  return {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(ports.http),
    EMBEDDED_PG_PORT: String(ports.postgres),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
  };
}

function postmasterPid(): number {
  const lock = readPostmasterLock(databaseDir);
  if (!lock) throw new Error("no postmaster.pid: PostgreSQL is not running");
  postmasters.add(lock.pid);
  return lock.pid;
}

/** Alive and not a zombie (an orphan's zombie waits for init to reap it). */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^Z|^X/.test(stat.slice(stat.lastIndexOf(")") + 2));
  } catch {
    return false;
  }
}

function query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []) {
  const url = `postgres://postgres:gather@127.0.0.1:${ports.postgres}/gather`;
  return withClient(url, async (client) => (await client.query<T>(sql, params)).rows);
}

/** Lines the process printed that are not pino's JSON log lines: what a person reads. */
function plainLines(output: string): string[] {
  return output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("{"));
}

function running(): RunningServer {
  if (!server) throw new Error("the server is not running (an earlier test failed)");
  return server;
}

afterAll(async () => {
  await server?.stop("SIGTERM");
  // Whatever a failed test left: stop it as the server would (fast shutdown), and wait.
  for (const pid of [...postmasters, readPostmasterLock(databaseDir)?.pid ?? 0]) {
    if (pid && alive(pid)) {
      process.kill(pid, "SIGINT");
      await expect
        .poll(() => alive(pid), { timeout: 30_000, interval: 50, message: `PostgreSQL ${pid} stopped` })
        .toBe(false)
        .catch(() => process.kill(pid, "SIGKILL"));
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 90_000);

const marker = `/crash-${randomSuffix()}`;

describe("a server killed with SIGKILL", () => {
  it("leaves its embedded PostgreSQL running, with the data it committed", { timeout: 120_000 }, async () => {
    server = await startServer(await env());
    const saved = await request(running().url, "/api/page-view", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: marker, visitorId: "before-the-crash" }),
    });
    expect(saved.status).toBeLessThan(300);
    const pid = postmasterPid();

    const exit = await running().stop("SIGKILL");
    server = undefined;
    expect(exit).toEqual({ code: null, signal: "SIGKILL" });
    // The situation the next start must deal with: the postmaster outlived its server.
    expect(alive(pid)).toBe(true);
    expect(readPostmasterLock(databaseDir)).toMatchObject({ pid, port: ports.postgres });
  });

  it("starts again on the same data directory: the leftover PostgreSQL is stopped, nothing is lost", {
    timeout: 120_000,
  }, async () => {
    const leftover = postmasterPid();
    server = await startServer(await env());
    expect(running().output()).toContain("PostgreSQL left running by a server that did not stop");
    expect(alive(leftover)).toBe(false);
    const fresh = postmasterPid();
    expect(fresh).not.toBe(leftover);

    const health = await request(running().url, "/healthz");
    expect([health.status, JSON.parse(health.body)]).toEqual([200, { ok: true }]);
    const ready = await request(running().url, "/readyz");
    expect([ready.status, JSON.parse(ready.body)]).toEqual([200, { ready: true }]);
    expect(await query("select visitor_id from page_views where path = $1", [marker])).toEqual([
      { visitor_id: "before-the-crash" },
    ]);
    // And it takes new writes.
    const again = await request(running().url, "/api/page-view", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: marker, visitorId: "after-the-crash" }),
    });
    expect(again.status).toBeLessThan(300);
  });

  it("refuses, in one plain line, a second server on a data directory a live server uses", async () => {
    const second = spawnServer({ ...(await env()), PORT: String((await freePorts(1))[0]) });
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    expect(plainLines(second.output())).toEqual([
      expect.stringMatching(
        /^Gather could not start \(starting the embedded PostgreSQL\): another Gather server/,
      ),
    ]);
    // The running shop was not touched.
    expect((await request(running().url, "/healthz")).status).toBe(200);
  });

  it("stops on SIGTERM with its PostgreSQL", { timeout: 60_000 }, async () => {
    const pid = postmasterPid();
    expect(await running().stop("SIGTERM")).toEqual({ code: 0, signal: null });
    server = undefined;
    expect(alive(pid)).toBe(false);
    expect(readPostmasterLock(databaseDir)).toBeUndefined();
  });
});

describe("a start-up failure", () => {
  it("is one plain line and exit 1, and stops the PostgreSQL it started (port taken)", {
    timeout: 120_000,
  }, async () => {
    const settings = await env();
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(Number(settings.PORT), "127.0.0.1", resolve));
    try {
      const failed = spawnServer(settings);
      const exit = await failed.exited;
      expect(exit).toEqual({ code: 1, signal: null });
      const lines = plainLines(failed.output());
      expect(lines).toEqual([
        `Gather could not start (listening on 127.0.0.1:${settings.PORT}): port ${settings.PORT} on 127.0.0.1 is already in use by another program (set PORT, or stop that program)`,
      ]);
      expect(failed.output()).not.toMatch(/triggerUncaughtException|\n\s+at /);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    expect(readPostmasterLock(databaseDir)).toBeUndefined();
    for (const pid of postmasters) expect(alive(pid), `PostgreSQL ${pid}`).toBe(false);
  });

  it("is one plain line when the data directory cannot be used", { timeout: 60_000 }, async () => {
    const notADirectory = path.join(dataDir, "a-file");
    fs.writeFileSync(notADirectory, "not a directory");
    const failed = spawnServer({ ...(await env()), DATA_DIR: notADirectory });
    const exit = await failed.exited;
    expect(exit.code).toBe(1);
    const lines = plainLines(failed.output());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Gather could not start \(starting the embedded PostgreSQL\): .*a-file/);
    expect(failed.output()).not.toMatch(/triggerUncaughtException|\n\s+at /);
  });

  it("is one plain line when DATABASE_URL does not answer", { timeout: 60_000 }, async () => {
    const [closed] = await freePorts(1);
    const failed = spawnServer({
      ...(await env()),
      DATABASE_URL: `postgres://shop@127.0.0.1:${closed}/shop`,
    });
    expect((await failed.exited).code).toBe(1);
    expect(plainLines(failed.output())).toEqual([
      `Gather could not start (connecting to PostgreSQL and migrating the database): cannot reach PostgreSQL at 127.0.0.1:${closed}: nothing answers`,
    ]);
  });
});

describe("npm start (scripts/start.mjs)", () => {
  /** `node scripts/start.mjs` as `npm start` runs it, and the pid of the server it started. */
  async function startThroughScript() {
    const settings = await env();
    const inherited = { ...process.env };
    for (const name of ["DATABASE_URL", "NODE_ENV"]) delete inherited[name];
    const parent = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: projectRoot,
      env: { ...inherited, ...settings, HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    parent.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    parent.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    const exited = new Promise<Exit>((resolve) =>
      parent.on("exit", (code, signal) => resolve({ code, signal })),
    );
    const url = `http://127.0.0.1:${settings.PORT}`;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (parent.exitCode !== null) throw new Error(`npm start exited before it was ready:\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start not ready:\n${output}`);
      const healthy = await fetch(`${url}/healthz`)
        .then((response) => response.ok)
        .catch(() => false);
      if (healthy) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const child = Number(
      execFileSync("ps", ["-o", "pid=", "--ppid", String(parent.pid)], { encoding: "utf8" }).trim(),
    );
    return { parent, child, url, exited, output: () => output };
  }

  it("says when the server was killed, exits 137, and the next npm start serves again", {
    timeout: 120_000,
  }, async () => {
    const first = await startThroughScript();
    const pid = postmasterPid();
    process.kill(first.child, "SIGKILL");
    expect(await first.exited).toEqual({ code: 137, signal: null });
    expect(plainLines(first.output())).toContain("Gather stopped: the server process was killed by SIGKILL");
    expect(alive(pid)).toBe(true);

    const second = await startThroughScript();
    try {
      expect(alive(pid)).toBe(false);
      expect((await request(second.url, "/readyz")).status).toBe(200);
      expect(await query("select count(*)::int as n from page_views where path = $1", [marker])).toEqual([
        { n: 2 },
      ]);
    } finally {
      second.parent.kill("SIGTERM");
      expect(await second.exited).toEqual({ code: 0, signal: null });
    }
    expect(readPostmasterLock(databaseDir)).toBeUndefined();
  });

  it("stops the server and its PostgreSQL when npm start itself is killed", {
    timeout: 120_000,
  }, async () => {
    const started = await startThroughScript();
    const pid = postmasterPid();
    started.parent.kill("SIGKILL");
    await started.exited;
    await expect
      .poll(() => alive(started.child), {
        timeout: 30_000,
        interval: 50,
        message: "the server stopped after its parent was killed",
      })
      .toBe(false);
    await expect
      .poll(() => alive(pid), { timeout: 30_000, interval: 50, message: "its PostgreSQL stopped" })
      .toBe(false);
    expect(readPostmasterLock(databaseDir)).toBeUndefined();
  });
});
