/**
 * `npm run bench:ssr-floor`: the framework floor under `npm run bench:ssr`. How many requests per
 * second a bare React Router 7 framework-mode app (support/bare-app: the same react-router, react and
 * react-dom, a production build, no database, no session, no helmet or compression) renders
 * (a) `/all`, a page with the element structure and about the size of the shop's `/all` page 1
 * (30 product cards from memory, header, side menu, footer), and (b) `/hello`, one heading, each
 * next to its own HTML saved once and served as a static file by the same server (express.static).
 * The ratio rendered / static of (a) is the best `bench:ssr`'s ratio could be on this machine with
 * this framework; (b)'s is the cost of React Router's request handling and document alone.
 *
 * Measured as bench:ssr measures: autocannon in its own process pinned to CPU 1 with `taskset`, the
 * server pinned to CPU 0 (unpinned, and said so, where taskset is missing), BENCH_CONNECTIONS
 * connections for BENCH_DURATION seconds per run, a warm-up run of each rendered page first, no
 * compression asked for. Information only: no goal, exit code 1 only when a request failed or
 * answered other than 2xx, or the bench itself failed.
 *
 * The bare app is built with the React Router CLI into a temporary folder under tmp/ (inside the
 * project, so that its server bundle finds node_modules; removed afterwards), its server
 * (support/bare-app/server.mjs) is stopped at the end, after a failure and on Ctrl-C.
 *
 * Environment: BENCH_DURATION (10 s per run), BENCH_CONNECTIONS (10), BENCH_FLOOR_COMPARE (an HTML
 * file, e.g. the shop's `/all` saved, whose bytes and elements are printed next to the bare page's).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  autocannon,
  hasTaskset,
  type Load,
  machineLine,
  numberFrom,
  onCleanup,
  projectRoot,
  runBench,
  startServer,
  step,
} from "./support/harness.ts";

const DURATION = numberFrom("BENCH_DURATION", 10);
const CONNECTIONS = numberFrom("BENCH_CONNECTIONS", 10);
const APP = path.join(projectRoot, "scripts/bench/support/bare-app");

/** autocannon on CPU 1 against `url`, measured as bench:ssr measures; the server's CPU per response with its pid. */
const load = (url: string, serverPid?: number): Load =>
  autocannon(url, { connections: CONNECTIONS, seconds: DURATION, serverPid });

/** Elements of an HTML page: its `<tag` openings. */
function elements(html: string): number {
  return html.match(/<[a-zA-Z]/g)?.length ?? 0;
}

/** Builds the bare app into `dir` with the React Router CLI. */
function buildBareApp(dir: string) {
  // Without an entry.server of its own, the React Router plugin adds `isbot` to the nearest
  // package.json (the project's) and runs `npm install` there: never build the app without it.
  if (!fs.existsSync(path.join(APP, "app/entry.server.tsx"))) {
    throw new Error(`${path.relative(projectRoot, APP)}/app/entry.server.tsx is missing: not building`);
  }
  const result = spawnSync(path.join(projectRoot, "node_modules/.bin/react-router"), ["build", APP], {
    cwd: projectRoot,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production", BARE_APP_BUILD_DIR: dir },
  });
  if (result.status !== 0 || !fs.existsSync(path.join(dir, "server/index.js"))) {
    throw new Error(`building the bare app failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/** Fetches `page` once and saves it in the build's client folder; its HTML and static address. */
async function saveCopy(url: string, page: string, clientDir: string, name: string) {
  const response = await fetch(`${url}${page}`);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
  fs.writeFileSync(path.join(clientDir, name), html);
  return { html, copy: `${url}/${name}` };
}

async function main(): Promise<number> {
  // Inside the project (git-ignored tmp/): the server bundle imports react-router and friends from
  // node_modules, which a folder under the system's temporary folder would not find.
  const tmpRoot = path.join(projectRoot, "tmp");
  const madeTmpRoot = !fs.existsSync(tmpRoot);
  fs.mkdirSync(tmpRoot, { recursive: true });
  const dir = fs.mkdtempSync(path.join(tmpRoot, "bench-ssr-floor-"));
  onCleanup("temporary folder", () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (madeTmpRoot && fs.readdirSync(tmpRoot).length === 0) fs.rmdirSync(tmpRoot);
  });

  step(`building the bare React Router app into ${path.relative(projectRoot, dir)}`);
  buildBareApp(dir);
  const pinning = hasTaskset();
  step(`bare app server${pinning ? " on CPU 0, autocannon on CPU 1" : " (taskset missing: nothing pinned)"}`);
  // The harness's server start, with the bare app's server script in place of the shop's.
  const server = await startServer({
    script: path.join(APP, "server.mjs"),
    readyPath: "/hello",
    cpus: "0",
    databaseUrl: "", // the bare app has no database
    dataDir: dir,
    env: { BARE_APP_BUILD_DIR: dir },
  });

  const clientDir = path.join(dir, "client");
  const all = await saveCopy(server.url, "/all", clientDir, "floor-all.html");
  const hello = await saveCopy(server.url, "/hello", clientDir, "floor-hello.html");
  if ((all.html.match(/<article class="product-card"/g)?.length ?? 0) !== 30) {
    throw new Error("the bare /all did not render 30 product cards");
  }

  step(`warming up, then ${DURATION} s × ${CONNECTIONS} connections each`);
  load(`${server.url}/all`);
  load(`${server.url}/hello`);
  const allRendered = load(`${server.url}/all`, server.pid);
  const allStatic = load(all.copy, server.pid);
  const helloRendered = load(`${server.url}/hello`, server.pid);
  const helloStatic = load(hello.copy, server.pid);

  const row = (label: string, figures: Load) =>
    console.log(
      `${label.padEnd(30)}${figures.perSecond.toFixed(1).padStart(10)} req/s   p50 ${String(figures.p50).padStart(5)} ms   p99 ${String(figures.p99).padStart(5)} ms   ${figures.kilobytes.toFixed(1)} kB/response   server CPU ${figures.serverMs === undefined ? "n/a" : `${figures.serverMs.toFixed(2)} ms`}/response   non-2xx ${figures.non2xx}, errors ${figures.errors}`,
    );
  const page = (label: string, html: string) =>
    console.log(
      `${label.padEnd(30)}${Buffer.byteLength(html).toLocaleString("en")} bytes, ${elements(html).toLocaleString("en")} elements (uncompressed)`,
    );
  console.log();
  row("bare /all (SSR)", allRendered);
  row("same HTML, static file", allStatic);
  row("bare /hello (SSR)", helloRendered);
  row("same HTML, static file", helloStatic);
  console.log(
    `ratio /all rendered / static   ${(allRendered.perSecond / allStatic.perSecond).toFixed(3)}   (framework floor for bench:ssr's ratio; information, not a goal)`,
  );
  console.log(
    `ratio /hello rendered / static ${(helloRendered.perSecond / helloStatic.perSecond).toFixed(3)}   (React Router's request and document alone)`,
  );
  page("bare /all HTML", all.html);
  page("bare /hello HTML", hello.html);
  const compare = process.env.BENCH_FLOOR_COMPARE;
  if (compare) page(`${path.basename(compare)} (compared)`, fs.readFileSync(compare, "utf8"));
  console.log("(kB = 1,000 bytes)");
  console.log(machineLine());
  const failures = [allRendered, allStatic, helloRendered, helloStatic].reduce(
    (sum, run) => sum + run.non2xx + run.errors,
    0,
  );
  return failures === 0 ? 0 : 1;
}

runBench(main);
