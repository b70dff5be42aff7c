/**
 * `npm run bench:ssr` (issue 8 item 4): how many requests per second the production server
 * renders `/all` page 1 (React Router SSR with its database reads), next to the same page's HTML
 * saved once and served as a static file by the same server (express.static): the cost of
 * rendering over the cost of just sending the bytes. Goal: ratio ≥ 0.25. autocannon sends no
 * cookie, so the first figure is what visitors without one get: a page rendered at most once a
 * second and sent again (decision 0020); a third run sends a cookie, so every request renders.
 *
 * autocannon is the load generator, in its own process pinned to CPU 1 with `taskset` while the
 * server is pinned to CPU 0 (unpinned, and said so, where taskset is missing); PostgreSQL is not
 * pinned. It starts its own PostgreSQL (embedded, or a new database next to DATABASE_URL, dropped
 * afterwards) with the demo shop, and removes the saved copy afterwards.
 *
 * Environment: BENCH_DURATION (10 s per run), BENCH_CONNECTIONS (10), BENCH_PG_PORT, DATABASE_URL,
 * GATHER_BUILD_DIR (build; built when missing).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { connect, migrateDatabase } from "../../app/db/client.server.ts";
import { seedDemoIfEmpty } from "../../app/db/seed/demo.server.ts";
import {
  buildDir,
  ensureBuild,
  hasTaskset,
  machineLine,
  numberFrom,
  onCleanup,
  pinned,
  projectRoot,
  runBench,
  startDatabase,
  startServer,
  step,
  tempDir,
  verdict,
} from "./support/harness.ts";

const DURATION = numberFrom("BENCH_DURATION", 10);
const CONNECTIONS = numberFrom("BENCH_CONNECTIONS", 10);
const GOAL = 0.25;

interface Load {
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  kilobytes: number;
}

/** autocannon on CPU 1 against `url` (with these request headers); its JSON summary. */
function load(url: string, headers: string[] = []): Load {
  const bin = path.join(projectRoot, "node_modules/.bin/autocannon");
  const [command, args] = pinned("1", bin, [
    "--json",
    "-c",
    String(CONNECTIONS),
    "-d",
    String(DURATION),
    ...headers.flatMap((header) => ["-H", header]),
    url,
  ]);
  const run = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`autocannon failed:\n${run.stderr}`);
  const result = JSON.parse(run.stdout) as {
    requests: { average: number };
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
    kilobytes: result.throughput.average / result.requests.average / 1024,
  };
}

async function main(): Promise<number> {
  ensureBuild();
  const dir = tempDir("gather-bench-ssr-");
  step("PostgreSQL with the demo shop");
  const databases = await startDatabase(dir);
  const database = connect(databases.url, undefined, 4);
  onCleanup("pool", () => database.close());
  await migrateDatabase(database.pool);
  await seedDemoIfEmpty(database.db, { dataDir: dir });
  await database.pool.query("vacuum analyze");

  const pinning = hasTaskset();
  step(
    `production server${pinning ? " on CPU 0, autocannon on CPU 1" : " (taskset missing: nothing pinned)"}`,
  );
  const server = await startServer({ databaseUrl: databases.url, dataDir: dir, cpus: "0" });

  const page = await fetch(`${server.url}/all`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('data-testid="listing-count"')) {
    throw new Error(`/all did not render a listing (${page.status})`);
  }
  const copyName = `bench-all-${randomBytes(4).toString("hex")}.html`;
  const copy = path.join(buildDir(), "client", copyName);
  fs.writeFileSync(copy, html);
  onCleanup("static copy", () => fs.rmSync(copy, { force: true }));

  step(`warming up, then ${DURATION} s × ${CONNECTIONS} connections each`);
  load(`${server.url}/all`);
  const rendered = load(`${server.url}/all`);
  const staticCopy = load(`${server.url}/${copyName}`);
  // A visitor with any cookie is rendered every time (decision 0020): the cost of React's render.
  const uncached = load(`${server.url}/all`, ["cookie: visited=1"]);

  const ratio = rendered.perSecond / staticCopy.perSecond;
  const row = (label: string, figures: Load) =>
    console.log(
      `${label.padEnd(26)}${figures.perSecond.toFixed(1).padStart(10)} req/s   p50 ${String(figures.p50).padStart(5)} ms   p99 ${String(figures.p99).padStart(5)} ms   ${figures.kilobytes.toFixed(0)} kB   non-2xx ${figures.non2xx}, errors ${figures.errors}`,
    );
  console.log();
  row("/all page 1 (SSR)", rendered);
  row("same HTML, static file", staticCopy);
  row("/all rendered every time", uncached);
  console.log(`ratio SSR / static        ${ratio.toFixed(3)}   goal ≥ ${GOAL}: ${verdict(ratio >= GOAL)}`);
  console.log(
    `ratio rendered / static   ${(uncached.perSecond / staticCopy.perSecond).toFixed(3)}   (a visitor with a cookie)`,
  );
  console.log(machineLine());
  const failures = [rendered, staticCopy, uncached].reduce((sum, run) => sum + run.non2xx + run.errors, 0);
  return failures === 0 ? 0 : 1;
}

runBench(main);
