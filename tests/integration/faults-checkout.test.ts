import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { setupTestDatabase } from "../helpers/database.ts";
import { freePort, request } from "../helpers/net.ts";
import { type RunningServer, startServer } from "../helpers/server.ts";
import { type CheckoutAnswer, checkOrders, checkoutCrowd, postCheckout } from "./checkout-crowd.ts";

/**
 * Issue 8 item 2: the server dies, or is stopped, while 200 members are checking out. Whatever the
 * timing, every order a member was told about is whole (its line, the stock it took, its dDollar
 * record), no half order exists, and the shop starts again and takes orders.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-faults-checkout-"));
fs.chmodSync(dataDir, 0o755);
let server: RunningServer | undefined;

async function start() {
  server = await startServer({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
    // Every request comes from 127.0.0.1 here; the per-address form limit is not under test.
    RATE_LIMIT_FORMS_PER_MINUTE: "100000",
  });
  return server;
}

afterEach(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null)
    await server.stop("SIGTERM");
  server = undefined;
}, 60_000);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Resolves once `count` of the answers have arrived. */
function whenAnswered(answers: Promise<CheckoutAnswer>[], count: number): Promise<void> {
  let answered = 0;
  return new Promise((resolve) => {
    for (const answer of answers) {
      void answer.then(() => {
        answered += 1;
        if (answered === count) resolve();
      });
    }
  });
}

const placedNumbers = (answers: CheckoutAnswer[]) =>
  answers.flatMap((answer) => (answer.kind === "placed" ? [answer.number] : []));

describe("SIGKILL with 200 checkouts in flight", () => {
  it("leaves every acknowledged order whole and no half order, and the shop restarts and sells", {
    timeout: 240_000,
  }, async () => {
    const crowd = await checkoutCrowd(database.db, database.services, { shoppers: 200, stock: 1_000 });
    const running = await start();

    const inFlight = crowd.shoppers.map((shopper) => postCheckout(running.url, crowd, shopper));
    await whenAnswered(inFlight, 20);
    running.child.kill("SIGKILL");
    expect(await running.exited).toEqual({ code: null, signal: "SIGKILL" });
    const answers = await Promise.all(inFlight);

    const acknowledged = placedNumbers(answers);
    // The kill came in the middle: some were told, some were cut off.
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    expect(answers.filter((answer) => answer.kind === "failed").length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.kind === "refused")).toEqual([]);

    const check = await checkOrders(database.db, crowd);
    expect(check.broken).toEqual([]);
    expect(check.stockGap).toBe(0);
    expect(check.ledgerMismatches).toBe(0);
    expect(check.numbers).toEqual(expect.arrayContaining(acknowledged));

    // After a restart, a member cut off retries with the same form: one order, never two.
    const restarted = await start();
    expect((await request(restarted.url, "/readyz")).status).toBe(200);
    const cutOff = crowd.shoppers.filter((_, i) => answers[i]!.kind === "failed");
    const retried = await Promise.all(cutOff.map((shopper) => postCheckout(restarted.url, crowd, shopper)));
    const retriedNumbers = placedNumbers(retried);
    expect(retriedNumbers).toHaveLength(cutOff.length);
    const after = await checkOrders(database.db, crowd);
    expect(after.numbers).toHaveLength(crowd.shoppers.length);
    expect(new Set(after.numbers)).toEqual(new Set([...acknowledged, ...retriedNumbers]));
    expect(after.broken).toEqual([]);
    expect(after.stockGap).toBe(0);
    expect(after.ledgerMismatches).toBe(0);
  });
});

describe("SIGTERM under load", () => {
  it("answers every checkout it accepted, refuses the rest before any work, and exits 0", {
    timeout: 240_000,
  }, async () => {
    const crowd = await checkoutCrowd(database.db, database.services, { shoppers: 120, stock: 1_000 });
    const running = await start();

    // 80 check out at once; after the first answers the server is told to stop. Another 20 arrive
    // while it stops, and the last 20 once it no longer takes connections.
    const firstWave = crowd.shoppers.slice(0, 80).map((shopper) => postCheckout(running.url, crowd, shopper));
    await whenAnswered(firstWave, 10);
    running.child.kill("SIGTERM");
    const stopping = crowd.shoppers
      .slice(80, 100)
      .map((shopper) => postCheckout(running.url, crowd, shopper));
    await expect
      .poll(
        () =>
          request(running.url, "/healthz", { timeoutMs: 2_000 }).then(
            () => "answered",
            (error: { code?: string }) => error.code,
          ),
        { timeout: 30_000, interval: 20 },
      )
      .toBe("ECONNREFUSED");
    const closed = crowd.shoppers.slice(100).map((shopper) => postCheckout(running.url, crowd, shopper));
    const secondWave: Promise<CheckoutAnswer>[] = [...stopping, ...closed];
    const answers = await Promise.all([...firstWave, ...secondWave]);
    expect(await running.exited).toEqual({ code: 0, signal: null });

    const acknowledged = placedNumbers(answers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);
    const late = await Promise.all(closed);
    expect(late.map((answer) => (answer.kind === "failed" ? answer.error : answer.kind))).toEqual(
      Array(20).fill("ECONNREFUSED"),
    );
    expect(answers.filter((answer) => answer.kind === "refused")).toEqual([]);
    // A request either got its answer or never reached the app: connection refused or reset
    // before it was read. None was cut off after its order was written.
    const errors = new Set(answers.flatMap((answer) => (answer.kind === "failed" ? [answer.error] : [])));
    for (const error of errors) expect(["ECONNREFUSED", "ECONNRESET"]).toContain(error);

    const check = await checkOrders(database.db, crowd);
    expect(check.broken).toEqual([]);
    expect(check.stockGap).toBe(0);
    expect(check.ledgerMismatches).toBe(0);
    expect(new Set(check.numbers.filter((number) => acknowledged.includes(number)))).toEqual(
      new Set(acknowledged),
    );
    // Orders from the earlier test are in the same database; this crowd's are exactly the acknowledged ones.
    const ours = await database.db.execute<{ number: string }>(
      sql`select o.number from orders o join order_lines ol on ol.order_id = o.id where ol.product_id = ${crowd.product.id}`,
    );
    expect(new Set(ours.rows.map((row) => row.number))).toEqual(new Set(acknowledged));
  });
});
