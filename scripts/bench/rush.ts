/**
 * `npm run bench:rush` (issue 30 item 1): the cut-off rush. BENCH_RUSH_MEMBERS signed-in members
 * (1,000) arrive evenly over BENCH_RUSH_SECONDS (60 s); each, with its session cookie and at once,
 * goes through the shop the way the browser asks for it: the home page as a document, then React
 * Router's `.data` requests — the listing (/all), a product drawer (the limited product: only its
 * details from /api/product/:id, since opening and closing it runs no loader), two adds to the cart
 * (the limited product and one other, each followed by the revalidation the browser makes), /cart,
 * /checkout, placing the order, the payment page, the card (sandbox) and its success page. The
 * limited product has BENCH_RUSH_STOCK pieces (300 per 1,000 members) and sells out during the run;
 * a member whose checkout is refused because it sold out in the meantime checks out the other
 * product, as the page asks.
 *
 * Prints per step p50/p95/p99 and count, errors (a status of 400 or more that was not the
 * sold-out refusal, a failed connection or an answer without the expected redirect, with a few
 * samples), oversold (pieces of the limited product in orders beyond its stock, in SQL), orders
 * and payments, and the CPU per shopper of the server process(es) and of the rest of the machine
 * (PostgreSQL, the load generator and, with two instances, the proxy), with PASS/MISS against the
 * goals: p95 ≤ 1 s on every step, 0 errors, 0 oversold.
 *
 * By default it runs with one server, then again on a fresh database with two servers behind a
 * round-robin proxy in this process, and prints both side by side; `--one` or `--two` (or
 * BENCH_RUSH_INSTANCES=1|2) runs only that one. PostgreSQL is embedded unless DATABASE_URL is set
 * (new databases next to it, dropped afterwards), as in the other benches.
 *
 * Environment: BENCH_RUSH_MEMBERS (1000), BENCH_RUSH_SECONDS (60), BENCH_RUSH_PRODUCTS (60),
 * BENCH_RUSH_STOCK (30 % of the members), BENCH_RUSH_INSTANCES, BENCH_PG_PORT, DATABASE_URL,
 * GATHER_BUILD_DIR (build; built when missing).
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import { connect, type Database, migrateDatabase } from "../../app/db/client.server.ts";
import {
  cpuMeter,
  ensureBuild,
  freePort,
  machineLine,
  numberFrom,
  onCleanup,
  percentile,
  postmasterPid,
  runBench,
  type Server,
  startDatabase,
  startServer,
  step,
  tempDir,
  verdict,
} from "./support/harness.ts";
import { type RushShop, seedRushShop } from "./support/rush-shop.ts";

const MEMBERS = numberFrom("BENCH_RUSH_MEMBERS", 1_000);
const SECONDS = numberFrom("BENCH_RUSH_SECONDS", 60);
const PRODUCTS = Math.max(3, numberFrom("BENCH_RUSH_PRODUCTS", 60));
const LIMITED_STOCK = numberFrom("BENCH_RUSH_STOCK", Math.max(1, Math.round(MEMBERS * 0.3)));
const P95_GOAL_MS = 1_000;

/** The steps of one member's visit, in order, as the table prints them. */
const STEPS = [
  "home / (document)",
  "route manifest",
  "listing /all",
  "drawer details",
  "add to cart",
  "listing, add refused",
  "cart",
  "checkout page",
  "place order",
  "payment page",
  "choose card",
  "sandbox page",
  "pay (sandbox)",
  "paid page",
  "page view (beacon)",
] as const;
type Step = (typeof STEPS)[number];

function instancesWanted(): number[] {
  if (process.argv.includes("--two")) return [2];
  if (process.argv.includes("--one")) return [1];
  const wanted = numberFrom("BENCH_RUSH_INSTANCES", 0);
  if (wanted === 1 || wanted === 2) return [wanted];
  if (wanted !== 0) throw new Error(`BENCH_RUSH_INSTANCES must be 1 or 2, got ${wanted}`);
  return [1, 2];
}

// ——— HTTP as one browser tab sends it ———

const agent = new http.Agent({ keepAlive: true, maxSockets: 1_024 });

interface Answer {
  status: number;
  location: string;
  body: string;
}

/** A member's cookies: the session, plus what the shop sets on the way (the flash message). */
class Jar {
  private readonly cookies = new Map<string, string>();
  /**
   * The member's phone has an address of its own, as a thousand phones would; the server takes it
   * from X-Forwarded-For, sent by the proxy it trusts (TRUST_PROXY=loopback), as in production.
   */
  constructor(
    session: string,
    readonly address: string,
  ) {
    this.take([session]);
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  take(setCookie: string[] | undefined) {
    for (const line of setCookie ?? []) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some(
        (a) =>
          /^\s*max-age=0\s*$/i.test(a) ||
          (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]!) < Date.now()),
      );
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * A keep-alive connection the server closed just as a request went out on it fails that request
 * with ECONNRESET (or EPIPE); the browser sends it again on a new connection, and so does this
 * (as Node's documentation of `request.reusedSocket` suggests).
 */
function closedUnderneath(request: http.ClientRequest, error: NodeJS.ErrnoException): boolean {
  return request.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE");
}

/** What a request posts: a form, as a page's `<Form>` and fetchers do, or JSON, as a beacon does. */
type Body = URLSearchParams | { json: unknown };

async function send(
  baseUrl: string,
  jar: Jar,
  method: "GET" | "POST",
  path: string,
  body?: Body,
  document = false,
): Promise<Answer> {
  try {
    return await sendOnce(baseUrl, jar, method, path, body, document);
  } catch (error) {
    if (!(error instanceof ReusedSocketClosed)) throw error;
    return sendOnce(baseUrl, jar, method, path, body, document);
  }
}

class ReusedSocketClosed extends Error {}

function sendOnce(
  baseUrl: string,
  jar: Jar,
  method: "GET" | "POST",
  path: string,
  posted?: Body,
  document = false,
): Promise<Answer> {
  const form = posted instanceof URLSearchParams;
  const body = posted === undefined ? undefined : form ? posted.toString() : JSON.stringify(posted.json);
  const headers: http.OutgoingHttpHeaders = {
    cookie: jar.header(),
    "x-forwarded-for": jar.address,
    accept: document ? "text/html,application/xhtml+xml" : "*/*",
    "accept-encoding": "identity",
  };
  if (body !== undefined) {
    headers["content-type"] = form ? "application/x-www-form-urlencoded;charset=UTF-8" : "application/json";
    headers["content-length"] = Buffer.byteLength(body);
    headers.origin = baseUrl;
  }
  return new Promise((resolve, reject) => {
    const outgoing = http.request(new URL(path, baseUrl), { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        jar.take(response.headers["set-cookie"]);
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location ?? "",
          body: Buffer.concat(chunks).toString("utf8"),
        });
      });
    });
    outgoing.setTimeout(120_000, () => outgoing.destroy(new Error("no answer in 120 s")));
    outgoing.on("error", (error: NodeJS.ErrnoException) =>
      reject(closedUnderneath(outgoing, error) ? new ReusedSocketClosed(error.message) : error),
    );
    outgoing.end(body);
  });
}

// ——— The round-robin proxy in front of two instances ———

/** A small HTTP proxy on 127.0.0.1 handing requests to `upstreams` in turn, keep-alive both sides. */
async function startProxy(upstreams: string[]): Promise<{ url: string; stop(): Promise<void> }> {
  const upstreamAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  /**
   * Sends one request on; the body is whole already, so it can go again. The second try goes on a
   * connection of its own (`agent: false`): another kept-alive one from the pool may have been
   * closed by the server's keep-alive timeout just as well (seen once in a run: a 502).
   */
  const forward = (
    incoming: http.IncomingMessage,
    body: Buffer,
    outgoing: http.ServerResponse,
    retry: boolean,
  ) => {
    const target = new URL(upstreams[next]!);
    next = (next + 1) % upstreams.length;
    const forwarded = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
        agent: retry ? upstreamAgent : false,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", (error: NodeJS.ErrnoException) => {
      if (retry && closedUnderneath(forwarded, error)) return forward(incoming, body, outgoing, false);
      if (!outgoing.headersSent) outgoing.writeHead(502, { "content-type": "text/plain" });
      outgoing.end(`proxy: ${error.message}`);
    });
    forwarded.end(body);
  };
  const proxy = http.createServer({ keepAliveTimeout: 60_000 }, (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => forward(incoming, Buffer.concat(chunks), outgoing, true));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => proxy.listen(port, "127.0.0.1", resolve));
  const stop = () =>
    new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      proxy.closeAllConnections();
      upstreamAgent.destroy();
    });
  onCleanup("proxy", stop);
  return { url: `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`, stop };
}

// ——— One member's visit ———

interface Tally {
  times: Map<Step, number[]>;
  errors: number;
  samples: string[];
  refusedSoldOut: number;
  addsRefused: number;
  placed: number;
  paid: number;
  /** The servers' last log lines, when there were errors. */
  serverLog: string[];
}

class Failure extends Error {}

/** A short excerpt of an answer: an HTML page's title and visible text, not its head. */
function excerpt(body: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(body)?.[1];
  const text = (body.includes("<body") ? body.slice(body.indexOf("<body")) : body)
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return `${title ? `[${title}] ` : ""}${text.slice(0, 120)}`;
}

/** The build's manifest, which the page loads; its version goes with every manifest request. */
const MANIFEST_VERSION = /\/assets\/manifest-([0-9a-f]+)\.js/;

async function visit(baseUrl: string, shop: RushShop, i: number, tally: Tally) {
  const member = shop.shoppers[i]!;
  // An address in the carrier-grade NAT range (RFC 6598), one a member.
  const jar = new Jar(member.cookie, `100.64.${(i >> 8) & 255}.${i & 255}`);
  const limited = shop.limitedId;
  const other = shop.otherIds[(i * 7) % shop.otherIds.length]!;

  const timed = async (
    name: Step,
    method: "GET" | "POST",
    path: string,
    options: { form?: Body; document?: boolean; expect?: (answer: Answer) => boolean } = {},
  ): Promise<Answer> => {
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await send(baseUrl, jar, method, path, options.form, options.document);
    } catch (error) {
      throw new Failure(`${name}: ${method} ${path}: ${(error as Error).message}`);
    }
    tally.times.get(name)!.push(performance.now() - started);
    const fine = options.expect ? options.expect(answer) : answer.status >= 200 && answer.status < 400;
    if (!fine) {
      throw new Failure(`${name}: ${method} ${path} answered ${answer.status} ${excerpt(answer.body)}`);
    }
    return answer;
  };
  /** The redirect a `.data` action answers with (202, in its turbo-stream body). */
  const redirectIn = (answer: Answer, pattern: RegExp): string | undefined =>
    answer.status === 202 ? pattern.exec(answer.body)?.[1] : undefined;

  // After each page or drawer shown, the page posts a page view (PageViewTracker, SPEC §4) with
  // `sendBeacon` and goes on without waiting for it: sent beside the next step, awaited at the end.
  const visitor = randomUUID();
  const views: Promise<Answer>[] = [];
  const viewed = (path: string) =>
    views.push(
      timed("page view (beacon)", "POST", "/api/page-view", {
        form: { json: { path, visitorId: visitor, referrer: "" } },
        expect: (answer) => answer.status === 204,
      }),
    );

  try {
    // The home page, a full document, then the route manifest its links ask for (lazy discovery).
    const home = await timed("home / (document)", "GET", "/", { document: true });
    viewed("/");
    const version = MANIFEST_VERSION.exec(home.body)?.[1];
    if (!version) throw new Failure("home / (document): no route manifest version in the page");
    const paths = encodeURIComponent(["/", "/all", "/cart", "/checkout", "/limited", "/instock"].join(","));
    await timed("route manifest", "GET", `/__manifest?paths=${paths}&version=${version}`);
    // A link to the listing: only its loader runs (the root's does not on a new path).
    await timed("listing /all", "GET", "/all.data?_routes=listing-all");
    viewed("/all");
    // The drawer: the listing and the root keep their data (`keepProductPageData`, the root's
    // `shouldRevalidate`); it fetches only what the card does not carry (/api/product/:id).
    await timed("drawer details", "GET", `/api/product/${limited}`);
    viewed(`/all?product=${limited}`);

    const inCart: number[] = [];
    const add = async (productId: number, at: string) => {
      const answer = await timed("add to cart", "POST", "/cart.data", {
        form: new URLSearchParams({ intent: "add", productId: String(productId) }),
      });
      const taken = /"(added|reset)"/.test(answer.body);
      if (taken) inCart.push(productId);
      else tally.addsRefused += 1;
      // Taken: nothing more (the cart answers with its new count, which the badge shows); refused
      // (sold out): the listing loads again to show it so (`keepProductPageData`).
      if (taken) return;
      const query = new URLSearchParams(at);
      query.set("_routes", "listing-all");
      await timed("listing, add refused", "GET", `/all.data?${query}`);
    };
    await add(limited, `product=${limited}`);
    // Closing the drawer asks for no route data; the page view goes.
    viewed("/all");
    await add(other, "");

    await timed("cart", "GET", "/cart.data?_routes=root%2Croutes%2Fshop%2Fcart");
    viewed("/cart");
    if (inCart.length === 0)
      throw new Failure(`add to cart: neither product ${limited} nor ${other} was taken`);
    await timed("checkout page", "GET", "/checkout.data?_routes=root%2Croutes%2Fshop%2Fcheckout");
    viewed("/checkout");

    const place = (productIds: number[]) => {
      const form = new URLSearchParams({
        idempotencyKey: randomUUID(),
        discountCode: "",
      });
      for (const id of productIds) form.append("productIds", String(id));
      form.append("pickupPointId", String(shop.pointId));
      form.append("remark", "");
      form.append("intent", "place");
      return timed("place order", "POST", "/checkout.data", {
        form,
        expect: (answer) => answer.status === 202 || answer.status === 409,
      });
    };
    let placed = await place(inCart);
    if (placed.status === 409) {
      // Sold out between the add and the checkout: the page says so; the member buys the rest.
      if (!/soldOut/.test(placed.body)) throw new Failure(`place order: 409 ${placed.body.slice(0, 160)}`);
      tally.refusedSoldOut += 1;
      const rest = inCart.filter((id) => id !== limited);
      if (rest.length === 0) return;
      placed = await place(rest);
    }
    const order = redirectIn(placed, /\/payment\?order=([A-Z0-9-]+)/);
    if (!order)
      throw new Failure(
        `place order: ${placed.status} without the payment page ${placed.body.slice(0, 160)}`,
      );
    tally.placed += 1;

    await timed(
      "payment page",
      "GET",
      `/payment.data?order=${order}&_routes=root%2Croutes%2Fpayment%2Fchoose`,
    );
    viewed(`/payment?order=${order}`);
    const card = await timed("choose card", "POST", `/payment.data?order=${order}`, {
      form: new URLSearchParams({ method: "card" }),
    });
    const ref = redirectIn(card, /\/payment\/sandbox\?ref=([\w-]+)/);
    if (!ref) throw new Failure(`choose card: ${card.status} without the sandbox ${card.body.slice(0, 160)}`);
    await timed(
      "sandbox page",
      "GET",
      `/payment/sandbox.data?ref=${ref}&_routes=root%2Croutes%2Fpayment%2Fsandbox`,
    );
    viewed(`/payment/sandbox?ref=${ref}`);
    const paid = await timed("pay (sandbox)", "POST", `/payment/sandbox.data?ref=${ref}`, {
      form: new URLSearchParams({ outcome: "success" }),
    });
    if (!redirectIn(paid, /\/payment\/(success)\?order=/)) {
      throw new Failure(`pay (sandbox): ${paid.status} not to the success page ${paid.body.slice(0, 160)}`);
    }
    await timed("paid page", "GET", `/payment/success.data?order=${order}&_routes=root%2Cpayment-success`);
    viewed(`/payment/success?order=${order}`);
    tally.paid += 1;
  } catch (error) {
    failed(tally, error);
  }
  for (const view of await Promise.allSettled(views)) {
    if (view.status === "rejected") failed(tally, view.reason);
  }
}

function failed(tally: Tally, error: unknown) {
  if (!(error instanceof Failure)) throw error;
  tally.errors += 1;
  if (tally.samples.length < 5) tally.samples.push(error.message);
}

// ——— One run: a fresh shop, its server(s), the rush ———

interface Result {
  instances: number;
  tally: Tally;
  ms: number;
  cpu: ReturnType<ReturnType<typeof cpuMeter>["figures"]>;
  sold: number;
  stockLeft: number;
  oversold: number;
  orders: number;
  paidOrders: number;
  load: number;
}

async function rush(instances: number, databaseUrl: string, dataDir: string): Promise<Result> {
  const database: Database = connect(databaseUrl, undefined, 4);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await database.close();
  };
  onCleanup("pool", close);
  await migrateDatabase(database.pool);
  step(`seeding ${MEMBERS} members with sessions, ${PRODUCTS} products, ${LIMITED_STOCK} of the limited one`);
  const shop = await seedRushShop(database, {
    members: MEMBERS,
    products: PRODUCTS,
    limitedStock: LIMITED_STOCK,
  });

  step(instances === 1 ? "production server" : `${instances} production servers and a round-robin proxy`);
  const servers: Server[] = [];
  for (let n = 0; n < instances; n += 1) {
    servers.push(
      await startServer({
        databaseUrl,
        dataDir,
        // Each member from an address of its own, behind a proxy on this machine (`Jar`): the
        // per-address form limit is the shop's own.
        env: { TRUST_PROXY: "loopback" },
      }),
    );
  }
  const proxy = instances > 1 ? await startProxy(servers.map((server) => server.url)) : undefined;
  const baseUrl = proxy?.url ?? servers[0]!.url;

  // One member through the whole visit first, not counted: the first requests run cold.
  const warm: Tally = newTally();
  for (let n = 0; n < instances; n += 1) await visit(baseUrl, shop, MEMBERS - 1 - n, warm);
  if (warm.errors > 0) throw new Error(`the warm-up visit failed: ${warm.samples.join("\n")}`);

  step(`${MEMBERS - instances} members arriving over ${SECONDS} s`);
  const tally = newTally();
  const cpu = cpuMeter(
    servers.map((server) => server.pid),
    { postgres: await postmasterPid(databaseUrl) },
  );
  const started = performance.now();
  const spacing = (SECONDS * 1000) / MEMBERS;
  const visits: Promise<void>[] = [];
  let lastReport = started;
  for (let i = 0; i < MEMBERS - instances; i += 1) {
    const due = started + i * spacing;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    visits.push(visit(baseUrl, shop, i, tally));
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      console.log(`  ${i + 1} arrived, ${tally.paid} paid, ${tally.errors} errors`);
    }
  }
  await Promise.all(visits);
  const ms = performance.now() - started;
  const cpuFigures = cpu.figures(MEMBERS - instances);
  const load = os.loadavg()[0] ?? 0;

  const { rows } = await database.pool.query<{
    sold: number;
    stock: number;
    orders: number;
    paid: number;
  }>(
    `select (select coalesce(sum(l.quantity), 0)::int from order_lines l join orders o on o.id = l.order_id
              where l.product_id = $1 and o.status <> 'cancelled') as sold,
            (select stock from products where id = $1) as stock,
            (select count(*)::int from orders) as orders,
            (select count(*)::int from orders where status = 'paid') as paid`,
    [shop.limitedId],
  );
  const { sold, stock, orders, paid } = rows[0]!;
  if (tally.errors > 0) {
    for (const server of servers) {
      const errors = server.logErrors();
      const lines = errors.length > 0 ? errors.slice(-3) : server.logTail().trim().split("\n").slice(-3);
      for (const line of lines) if (line) tally.serverLog.push(line.slice(0, 300));
    }
  }
  if (proxy) await proxy.stop();
  for (const server of servers) await server.stop();
  await close();
  return {
    instances,
    tally,
    ms,
    cpu: cpuFigures,
    sold,
    stockLeft: stock,
    oversold: Math.max(0, sold - LIMITED_STOCK, -stock),
    // The warm-up visits placed their orders too.
    orders: orders - warm.placed,
    paidOrders: paid - warm.paid,
    load,
  };
}

function newTally(): Tally {
  return {
    times: new Map(STEPS.map((name) => [name, []])),
    errors: 0,
    samples: [],
    refusedSoldOut: 0,
    addsRefused: 0,
    placed: 0,
    paid: 0,
    serverLog: [],
  };
}

// ——— The table ———

function report(results: Result[]): boolean {
  const width = 24;
  const column = 34;
  const row = (label: string, cells: string[]) =>
    console.log(`${label.padEnd(width)}${cells.map((cell) => cell.padStart(column)).join("")}`);
  const heads = results.map((r) => (r.instances === 1 ? "one instance" : `${r.instances} instances + proxy`));
  console.log();
  row("", heads);
  row(
    "latency p50/p95/p99 ms",
    results.map(() => "(count)  goal p95 ≤ 1000"),
  );
  let pass = true;
  for (const name of STEPS) {
    row(
      name,
      results.map((r) => {
        const times = [...r.tally.times.get(name)!].sort((a, b) => a - b);
        if (times.length === 0) return "—";
        const p95 = percentile(times, 95);
        const ok = p95 <= P95_GOAL_MS;
        pass &&= ok;
        return `${percentile(times, 50).toFixed(0)}/${p95.toFixed(0)}/${percentile(times, 99).toFixed(0)} (${times.length}) ${verdict(ok)}`;
      }),
    );
  }
  row(
    "errors  goal 0",
    results.map((r) => {
      pass &&= r.tally.errors === 0;
      return `${r.tally.errors} ${verdict(r.tally.errors === 0)}`;
    }),
  );
  row(
    "oversold  goal 0",
    results.map((r) => {
      pass &&= r.oversold === 0;
      return `${r.oversold} ${verdict(r.oversold === 0)}`;
    }),
  );
  row(
    "limited sold / stock left",
    results.map((r) => `${r.sold} of ${LIMITED_STOCK} / ${r.stockLeft}`),
  );
  row(
    "adds refused (sold out)",
    results.map((r) => String(r.tally.addsRefused)),
  );
  row(
    "checkouts refused, sold out",
    results.map((r) => String(r.tally.refusedSoldOut)),
  );
  row(
    "orders placed / in SQL",
    results.map((r) => `${r.tally.placed} / ${r.orders}`),
  );
  row(
    "paid by card / in SQL",
    results.map((r) => `${r.tally.paid} / ${r.paidOrders}`),
  );
  row(
    "rush lasted",
    results.map((r) => `${(r.ms / 1000).toFixed(1)} s`),
  );
  const cpu = (figure: (cpu: NonNullable<Result["cpu"]>) => number | undefined) =>
    results.map((r) => {
      const value = r.cpu ? figure(r.cpu) : undefined;
      return value === undefined ? "not measured" : `${value.toFixed(0)} ms`;
    });
  row(
    "CPU per shopper: server",
    cpu((c) => c.serverMs),
  );
  row(
    "· rest of the machine",
    cpu((c) => c.restMs),
  );
  row(
    "  · PostgreSQL",
    cpu((c) => c.postgresMs),
  );
  row(
    "  · load generator",
    cpu((c) => c.benchMs),
  );
  row(
    "  · anything else",
    cpu((c) => (c.postgresMs === undefined ? undefined : c.restMs - c.postgresMs - c.benchMs)),
  );
  row(
    "load average at the end",
    results.map((r) => r.load.toFixed(1)),
  );
  for (const r of results) {
    for (const sample of r.tally.samples) console.log(`  error (${r.instances}): ${sample}`);
    for (const line of r.tally.serverLog) console.log(`  server log (${r.instances}): ${line}`);
  }
  console.log(
    "  the load generator's process also runs the proxy; PostgreSQL is measured when it runs on this machine",
  );
  const consistent = results.every(
    (r) => r.orders === r.tally.placed && r.sold + r.stockLeft === LIMITED_STOCK,
  );
  if (!consistent) console.log("INCONSISTENT: orders or the limited product's stock do not add up");
  console.log(`${MEMBERS} members over ${SECONDS} s; goals: ${verdict(pass)}`);
  console.log(machineLine());
  return pass && consistent;
}

async function main(): Promise<number> {
  if (MEMBERS < 3) throw new Error("BENCH_RUSH_MEMBERS must be at least 3");
  ensureBuild();
  const dir = tempDir("gather-bench-rush-");
  step("PostgreSQL");
  const databases = await startDatabase(dir);
  onCleanup("HTTP agent", () => agent.destroy());
  const results: Result[] = [];
  let first = true;
  for (const instances of instancesWanted()) {
    const url = first ? databases.url : await databases.another();
    first = false;
    results.push(await rush(instances, url, dir));
  }
  return report(results) ? 0 : 1;
}

runBench(main);
