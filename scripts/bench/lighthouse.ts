/**
 * `npm run bench:lighthouse` (issue 8 item 4): Lighthouse's performance audit, mobile preset
 * (a mid-range phone on slow 4G, simulated), in the system Chromium, median of BENCH_RUNS (5) runs
 * per page, on `/`, `/all`, a product drawer link (`/all?product=<id>`) and `/cart` (signed in, one
 * line). Prints per page the score, LCP, TBT, CLS and JavaScript bytes sent, against the goal
 * (score 100, LCP ≤ 1.5 s, TBT ≤ 50 ms, CLS ≤ 0.02), and as the baseline the same audit of a
 * minimal static page served by the same server, with each page's LCP as a multiple of it.
 *
 * It starts its own PostgreSQL (embedded, or a new database next to DATABASE_URL, dropped
 * afterwards) with the demo shop and the production server. Chromium: /usr/bin/chromium (CHROME_PATH).
 *
 * Environment: BENCH_RUNS (5), CHROME_PATH, BENCH_PG_PORT, DATABASE_URL, GATHER_BUILD_DIR,
 * BENCH_REPORTS=<folder> (each run's Lighthouse report is written there as JSON, to see what the
 * largest paint was and what came before it).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import pino from "pino";
import { createCookie } from "react-router";
import { connect, migrateDatabase } from "../../app/db/client.server.ts";
import { seedDemoIfEmpty } from "../../app/db/seed/demo.server.ts";
import { parseEnv } from "../../app/env.server.ts";
import { createServices } from "../../app/services/context.server.ts";
import {
  buildDir,
  ensureBuild,
  machineLine,
  median,
  numberFrom,
  onCleanup,
  runBench,
  startDatabase,
  startServer,
  step,
  tempDir,
  verdict,
} from "./support/harness.ts";

const RUNS = numberFrom("BENCH_RUNS", 5);
const REPORTS = process.env.BENCH_REPORTS;
let reportsWritten = 0;
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const GOAL = { score: 100, lcpMs: 1_500, tbtMs: 50, cls: 0.02 };

interface Audit {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
}

async function audit(port: number, url: string, headers: Record<string, string>): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    extraHeaders: headers,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  if (REPORTS) {
    fs.mkdirSync(REPORTS, { recursive: true });
    const { pathname, search } = new URL(url);
    const name = `${pathname}${search}`.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home";
    reportsWritten += 1;
    fs.writeFileSync(
      path.join(REPORTS, `${String(reportsWritten).padStart(2, "0")}-${name}.json`),
      JSON.stringify(lhr),
    );
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: Array<Record<string, unknown>> })?.items ?? [];
  const jsBytes = requests
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsBytes,
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is made again, twice at most. */
async function auditWithRetry(port: number, url: string, headers: Record<string, string>): Promise<Audit> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(port, url, headers);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (run again: ${(error as Error).message.split("\n")[0]})`);
    }
  }
}

/** The median of each figure over the runs (each figure on its own, as Lighthouse's own docs advise). */
function medianAudit(runs: Audit[]): Audit {
  return {
    score: median(runs.map((run) => run.score)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    jsBytes: median(runs.map((run) => run.jsBytes)),
  };
}

async function main(): Promise<number> {
  if (!fs.existsSync(CHROME)) throw new Error(`no Chromium at ${CHROME} (Debian: apt-get install chromium)`);
  ensureBuild();
  const dir = tempDir("gather-bench-lighthouse-");
  step("PostgreSQL with the demo shop");
  const databases = await startDatabase(dir);
  const database = connect(databases.url, undefined, 4);
  onCleanup("pool", () => database.close());
  await migrateDatabase(database.pool);
  await seedDemoIfEmpty(database.db, { dataDir: dir });

  // A member with one line in the cart, for /cart.
  const { rows: products } = await database.pool.query<{ id: number }>(
    "select id from products where is_published order by id limit 1",
  );
  const productId = products[0]!.id;
  const { rows: members } = await database.pool.query<{ id: string }>(
    "insert into members (phone, first_name, last_name, email) values ('69990001', '燈塔', '測試', 'lighthouse@example.com') returning id",
  );
  const memberId = members[0]!.id;
  await database.pool.query("insert into cart_items (member_id, product_id, quantity) values ($1, $2, 1)", [
    memberId,
    productId,
  ]);
  const services = createServices({ db: database.db, log: pino({ level: "silent" }), env: parseEnv({}) });
  const { token } = await services.auth.createSession(memberId, {});
  const cookie = (await createCookie("gather_session").serialize(token)).split(";")[0]!;

  step("production server");
  const server = await startServer({ databaseUrl: databases.url, dataDir: dir });
  const baselineName = `bench-baseline-${randomBytes(4).toString("hex")}.html`;
  const baselineFile = path.join(buildDir(), "client", baselineName);
  fs.writeFileSync(
    baselineFile,
    '<!doctype html><html lang="zh-HK"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>齊齊買</title></head><body><h1>齊齊買</h1><p>香港社區團購</p></body></html>',
  );
  onCleanup("baseline page", () => fs.rmSync(baselineFile, { force: true }));

  step(`Chromium (${CHROME}), ${RUNS} runs per page`);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  onCleanup("Chromium", () => chrome.kill());

  const pages: Array<{ label: string; path: string; headers?: Record<string, string> }> = [
    { label: "static page (baseline)", path: `/${baselineName}` },
    { label: "/", path: "/" },
    { label: "/all", path: "/all" },
    { label: "product drawer", path: `/all?product=${productId}` },
    { label: "/cart (signed in)", path: "/cart", headers: { cookie } },
  ];
  const results: Array<{ label: string; path: string; figures: Audit }> = [];
  for (const page of pages) {
    const runs: Audit[] = [];
    for (let i = 0; i < RUNS; i += 1)
      runs.push(await auditWithRetry(chrome.port, `${server.url}${page.path}`, page.headers ?? {}));
    const figures = medianAudit(runs);
    results.push({ ...page, figures });
    console.log(`  ${page.label}: score ${figures.score}, LCP ${figures.lcpMs.toFixed(0)} ms`);
  }

  const baseline = results[0]!.figures;
  console.log();
  console.log(
    `${"page".padEnd(26)}${["score", "LCP ms", "× base", "TBT ms", "CLS", "JS kB", "goal"].map((h) => h.padStart(9)).join("")}`,
  );
  let allPass = true;
  for (const { label, figures } of results) {
    const pass =
      figures.score >= GOAL.score &&
      figures.lcpMs <= GOAL.lcpMs &&
      figures.tbtMs <= GOAL.tbtMs &&
      figures.cls <= GOAL.cls;
    if (label !== results[0]!.label) allPass &&= pass;
    const cells = [
      String(figures.score),
      figures.lcpMs.toFixed(0),
      (figures.lcpMs / baseline.lcpMs).toFixed(2),
      figures.tbtMs.toFixed(0),
      figures.cls.toFixed(3),
      (figures.jsBytes / 1024).toFixed(1),
      verdict(pass),
    ];
    console.log(`${label.padEnd(26)}${cells.map((cell) => cell.padStart(9)).join("")}`);
  }
  console.log(
    `goal: score ${GOAL.score}, LCP ≤ ${GOAL.lcpMs} ms, TBT ≤ ${GOAL.tbtMs} ms, CLS ≤ ${GOAL.cls}: ${verdict(allPass)} (median of ${RUNS}, mobile preset, simulated throttling)`,
  );
  console.log(machineLine());
  return 0;
}

runBench(main);
