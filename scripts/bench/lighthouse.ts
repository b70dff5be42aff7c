/**
 * `npm run bench:lighthouse` (issue 8 item 4, goals of issue 30): Lighthouse's performance audit,
 * mobile preset (a mid-range phone on slow 4G, simulated), in the system Chromium, median of
 * BENCH_RUNS (5) runs per page (each figure on its own), on `/`, `/all`, a product drawer link
 * (`/all?product=<id>`), `/cart` (signed in, one line), `/register` and `/en/login`. The baseline
 * is the same audit of a minimal static page served by the same server. A second static page, the same with `/all`'s first
 * product picture at the size a card shows it, is audited as information: it is the least a page
 * whose largest paint is a picture can take, the picture's own request on the simulated network.
 * Two more, that page with the shop's own stylesheet linked in its head and with a stylesheet of
 * one rule, show what a stylesheet costs such a page: a render-blocking request of its own before
 * any paint, whatever its size.
 *
 * Goals (issue 30), PASS/MISS per page and figure, and an overall line: LCP ≤ 1.3 × the static
 * page's, TBT ≤ the static page's + 50 ms, CLS ≤ 0.02, storefront JavaScript ≤ 150 kB gzipped; the
 * score is printed, not judged. `/en/all` (issue 48) is audited beside `/all` and judged on the same
 * goals and on its own: at most 10 % more than `/all` in LCP, TBT (+ 10 ms for rounding at small
 * figures) and JavaScript. JavaScript is every script the page loaded in the run (Lighthouse's
 * network requests, static and dynamic imports alike), each body gzipped here at zlib's default
 * level and summed, 1 kB = 1,000 bytes (as tests/integration/bundle-budget.test.ts, decision 0005).
 * Not the transfer size: Chromium asks 127.0.0.1 for `br` too and the server's compression
 * middleware prefers brotli, so what Lighthouse sees sent is brotli plus headers; that figure is
 * printed beside it as information.
 *
 * Exit code: 1 only when the bench itself fails; a MISS does not fail the process (`npm run bench`
 * counts a non-zero exit as a bench that did not run to the end), so read the verdict lines.
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
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { connect, migrateDatabase } from "../../app/db/client.server.ts";
import { seedDemoIfEmpty } from "../../app/db/seed/demo.server.ts";
import { srcSetFor } from "../../app/domain/catalogue/images.ts";
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
import { sessionCookies } from "./support/shoppers.ts";

const RUNS = numberFrom("BENCH_RUNS", 5);
const REPORTS = process.env.BENCH_REPORTS;
let reportsWritten = 0;
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** Issue 30, against the static page of the same run; JavaScript in bytes gzipped (1 kB = 1,000 bytes). */
const GOAL = { lcpTimes: 1.3, tbtOverMs: 50, cls: 0.02, jsGzipBytes: 150_000 };
/** Issue 48: `/en/all` costs at most 10 % more than `/all`. */
const ENGLISH_GOAL = 1.1;

interface Audit {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The scripts the page loaded, each body gzipped (zlib's default level) and summed. */
  jsGzipBytes: number;
  /** What Lighthouse saw sent for them: brotli as the server negotiates it with Chromium, plus headers. */
  jsTransferBytes: number;
}

const gzippedSizes = new Map<string, Promise<number>>();

/** The gzipped size of a script's body (fetched once per URL; the asset names carry their hash). */
function gzippedSize(url: string): Promise<number> {
  let size = gzippedSizes.get(url);
  if (!size) {
    size = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return zlib.gzipSync(Buffer.from(await response.arrayBuffer())).length;
    });
    gzippedSizes.set(url, size);
  }
  return size;
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
  const scripts = requests.filter(
    (item) => item.resourceType === "Script" && /^https?:/.test(String(item.url ?? "")),
  );
  const jsTransferBytes = scripts.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
  const urls = [...new Set(scripts.map((item) => String(item.url)))];
  const jsGzipBytes = (await Promise.all(urls.map(gzippedSize))).reduce((sum, size) => sum + size, 0);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsGzipBytes,
    jsTransferBytes,
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
    jsGzipBytes: median(runs.map((run) => run.jsGzipBytes)),
    jsTransferBytes: median(runs.map((run) => run.jsTransferBytes)),
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
  // /all's first card (sorted by group price), whose picture is that page's largest paint.
  const { rows: firstCard } = await database.pool.query<{ image: string }>(
    "select images[1] as image from products where is_published and images[1] is not null order by gather_price_cents, id limit 1",
  );
  const { rows: members } = await database.pool.query<{ id: string }>(
    "insert into members (phone, first_name, last_name, email) values ('69990001', '燈塔', '測試', 'lighthouse@example.com') returning id",
  );
  const memberId = members[0]!.id;
  await database.pool.query("insert into cart_items (member_id, product_id, quantity) values ($1, $2, 1)", [
    memberId,
    productId,
  ]);
  const [cookie] = await sessionCookies(database, [memberId]);

  step("production server");
  const server = await startServer({ databaseUrl: databases.url, dataDir: dir });
  /** A static file of the same server, removed at the end; its address. */
  const staticFile = (kind: string, extension: string, content: string) => {
    const name = `bench-${kind}-${randomBytes(4).toString("hex")}.${extension}`;
    const file = path.join(buildDir(), "client", name);
    fs.writeFileSync(file, content);
    onCleanup(`${kind} ${extension}`, () => fs.rmSync(file, { force: true }));
    return `/${name}`;
  };
  const staticPage = (kind: string, body: string, head = "") =>
    staticFile(
      kind,
      "html",
      `<!doctype html><html lang="zh-HK"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>齊齊買</title>${head}</head><body><h1>齊齊買</h1><p>香港社區團購</p>${body}</body></html>`,
    );
  const baselinePath = staticPage("baseline", "");
  const image = firstCard[0]?.image ?? "";
  const picture = `<img src="${image}" srcset="${srcSetFor(image)}" sizes="46vw" width="600" height="600" style="width:46vw;height:auto" alt="" fetchpriority="high">`;
  const picturePath = staticPage("picture", picture);
  // The same with a stylesheet: the shop's own, as its pages link it, and one of a single rule.
  const allHtml = await (await fetch(`${server.url}/all`)).text();
  const stylesheet = /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/.exec(allHtml)?.[1];
  if (!stylesheet) throw new Error("no stylesheet link in /all");
  const styledPath = staticPage("styled", picture, `<link rel="stylesheet" href="${stylesheet}">`);
  const oneRule = staticFile("one-rule", "css", "h1{color:#6b3f1d}");
  const oneRulePath = staticPage("one-rule", picture, `<link rel="stylesheet" href="${oneRule}">`);

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

  /** The baseline first; the static pages after it are information, not judged. */
  const pages: Array<{ label: string; path: string; info?: true; headers?: Record<string, string> }> = [
    { label: "static page (baseline)", path: baselinePath },
    { label: "static + picture (info)", path: picturePath, info: true },
    { label: "+ shop's stylesheet (info)", path: styledPath, info: true },
    { label: "+ 1-rule stylesheet (info)", path: oneRulePath, info: true },
    { label: "/", path: "/" },
    { label: "/all", path: "/all" },
    { label: "/en/all", path: "/en/all" },
    { label: "product drawer", path: `/all?product=${productId}` },
    { label: "/cart (signed in)", path: "/cart", headers: { cookie: cookie! } },
    // Form pages: their schema loads at the first touch, not with the page (decision 0005).
    { label: "/register", path: "/register" },
    { label: "/en/login", path: "/en/login" },
  ];
  // One audit not counted: the first in a new Chromium carries its start-up (seen: the baseline's
  // TBT 606 ms and score 85 in a run of one, against 4–58 ms after it).
  await auditWithRetry(chrome.port, `${server.url}${baselinePath}`, {});
  const results: Array<{ label: string; path: string; info?: true; figures: Audit }> = [];
  for (const page of pages) {
    const runs: Audit[] = [];
    for (let i = 0; i < RUNS; i += 1)
      runs.push(await auditWithRetry(chrome.port, `${server.url}${page.path}`, page.headers ?? {}));
    const figures = medianAudit(runs);
    results.push({ ...page, figures });
    console.log(`  ${page.label}: score ${figures.score}, LCP ${figures.lcpMs.toFixed(0)} ms`);
  }

  const baseline = results[0]!.figures;
  const limits = {
    lcpMs: GOAL.lcpTimes * baseline.lcpMs,
    tbtMs: baseline.tbtMs + GOAL.tbtOverMs,
  };
  const kB = (bytes: number) => (bytes / 1000).toFixed(1);
  const mark = (pass: boolean) => (pass ? "" : " MISS");
  console.log();
  console.log(
    `${"page".padEnd(28)}${["score", "LCP ms", "× static", "TBT ms", "CLS", "JS gz kB", "JS sent kB"].map((h) => h.padStart(11)).join("")}   verdict`,
  );
  let allPass = true;
  for (const [index, { label, info, figures }] of results.entries()) {
    const judged = index > 0 && !info;
    const checks = {
      lcp: figures.lcpMs <= limits.lcpMs,
      tbt: figures.tbtMs <= limits.tbtMs,
      cls: figures.cls <= GOAL.cls,
      js: figures.jsGzipBytes <= GOAL.jsGzipBytes,
    };
    const pass = Object.values(checks).every(Boolean);
    if (judged) allPass &&= pass;
    const cells = [
      String(figures.score),
      `${figures.lcpMs.toFixed(0)}${judged ? mark(checks.lcp) : ""}`,
      (figures.lcpMs / baseline.lcpMs).toFixed(2),
      `${figures.tbtMs.toFixed(0)}${judged ? mark(checks.tbt) : ""}`,
      `${figures.cls.toFixed(3)}${judged ? mark(checks.cls) : ""}`,
      `${kB(figures.jsGzipBytes)}${judged ? mark(checks.js) : ""}`,
      kB(figures.jsTransferBytes),
    ];
    console.log(
      `${label.padEnd(28)}${cells.map((cell) => cell.padStart(11)).join("")}   ${judged ? verdict(pass) : index === 0 ? "baseline" : "information"}`,
    );
  }
  console.log(
    `goals (issue 30): LCP ≤ ${GOAL.lcpTimes} × static = ${limits.lcpMs.toFixed(0)} ms, TBT ≤ static + ${GOAL.tbtOverMs} ms = ${limits.tbtMs.toFixed(0)} ms, CLS ≤ ${GOAL.cls}, JS ≤ ${GOAL.jsGzipBytes / 1000} kB gzipped (1 kB = 1,000 bytes); score printed, not judged`,
  );
  // Issue 48: the English listing may cost at most 10 % more than the zh-HK one.
  const zh = results.find((result) => result.path === "/all")!.figures;
  const en = results.find((result) => result.path === "/en/all")!.figures;
  const english = {
    lcp: en.lcpMs <= zh.lcpMs * ENGLISH_GOAL,
    tbt: en.tbtMs <= zh.tbtMs * ENGLISH_GOAL + 10,
    js: en.jsGzipBytes <= zh.jsGzipBytes * ENGLISH_GOAL,
  };
  const englishPass = Object.values(english).every(Boolean);
  allPass &&= englishPass;
  console.log(
    `/en/all over /all (issue 48): LCP ×${(en.lcpMs / zh.lcpMs).toFixed(2)}${mark(english.lcp)}, TBT ${en.tbtMs.toFixed(0)} vs ${zh.tbtMs.toFixed(0)} ms${mark(english.tbt)}, JS ×${(en.jsGzipBytes / zh.jsGzipBytes).toFixed(2)}${mark(english.js)}; goal ≤ ${ENGLISH_GOAL} × each: ${verdict(englishPass)}`,
  );
  console.log(
    `overall: ${verdict(allPass)} (median of ${RUNS}, mobile preset, simulated throttling; "JS sent" is brotli + headers, information; a MISS does not change the exit code)`,
  );
  console.log(machineLine());
  return 0;
}

runBench(main);
