import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { siteSettings } from "~/db/schema/index.ts";
import { createMember } from "../helpers/auth.ts";
import { postForm } from "../helpers/auth-http.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { freePorts, request } from "../helpers/net.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";

/**
 * Issue 26 items 5 and 8: which address the limits count, and when HSTS is sent. Two servers on one
 * database: `direct` with the default (no TRUST_PROXY: no forwarded header is believed, not even
 * from loopback), `proxied` with TRUST_PROXY=loopback (a proxy on this machine). Every request here
 * comes from 127.0.0.1; the forged headers are what a client could send.
 */

const database = setupTestDatabase();
const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), "gather-client-address-")));
let direct: ServedShop | undefined;
let proxied: ServedShop | undefined;
/** The proxied server's post limit per address per minute (the /64 test fills it). */
const FORMS_PER_MINUTE = 5;
const PAGE_VIEWS_PER_MINUTE = 8;

beforeAll(async () => {
  // A settings row makes the servers skip the demo seed.
  await database.db.insert(siteSettings).values({}).onConflictDoNothing();
  const [directPort, proxiedPort] = await freePorts(2);
  const common = {
    NODE_ENV: "production",
    SHOP_MODE: "demo",
    DATABASE_URL: database.url,
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
  };
  [direct, proxied] = await Promise.all([
    serveShop({ ...common, DATA_DIR: dataDirs[0]!, PORT: String(directPort) }),
    serveShop({
      ...common,
      DATA_DIR: dataDirs[1]!,
      PORT: String(proxiedPort),
      TRUST_PROXY: "loopback",
      RATE_LIMIT_FORMS_PER_MINUTE: String(FORMS_PER_MINUTE),
      RATE_LIMIT_PAGE_VIEWS_PER_MINUTE: String(PAGE_VIEWS_PER_MINUTE),
    }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([direct?.stop(), proxied?.stop()]);
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

function url(server: ServedShop | undefined): string {
  if (!server) throw new Error("the server did not start");
  return server.url;
}

/** Asks for a sign-in code for a fresh member and returns the address the code was counted under. */
async function codeAddress(server: ServedShop | undefined, headers: Record<string, string>) {
  const member = await createMember(database.db);
  const sent = await postForm(url(server), "/login", { intent: "send-code", phone: member.phone }, headers);
  expect(sent.status, sent.body.slice(0, 300)).toBe(200);
  const { rows } = await database.pool.query<{ ip: string | null }>(
    "select ip from verification_codes where phone = $1",
    [member.phone],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.ip;
}

/** One post counted by the form limit: signing out, which a visitor may do and is sent home for. */
function post(server: ServedShop | undefined, headers: Record<string, string>) {
  return request(url(server), "/logout", { method: "POST", headers });
}

/** A page view, which has a limit of its own, kept in each instance's memory. */
function pageView(server: ServedShop | undefined, headers: Record<string, string>, marker: string) {
  return request(url(server), "/api/page-view", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ path: marker, visitorId: "client-address" }),
  });
}

async function formKeys(): Promise<Map<string, number>> {
  const { rows } = await database.pool.query<{ key: string; hits: number }>(
    "select key, sum(hits)::int as hits from rate_limits where bucket = 'form' group by key",
  );
  return new Map(rows.map((row) => [row.key, row.hits]));
}

describe("without TRUST_PROXY (the default)", () => {
  it.each([
    ["one address", "203.0.113.50"],
    ["a chain", "203.0.113.51, 198.51.100.9"],
    ["IPv6", "2001:db8:aa::1"],
  ])(
    "a forged X-Forwarded-For (%s) does not change the address sign-in codes are counted under",
    async (_name, forged) => {
      expect(await codeAddress(direct, { "x-forwarded-for": forged })).toBe("127.0.0.1");
    },
  );

  it("a forged X-Forwarded-For does not change the address posts are counted under", async () => {
    const forged = `198.51.100.${10 + Math.floor(Math.random() * 200)}`;
    const before = (await formKeys()).get("127.0.0.1") ?? 0;
    for (let i = 0; i < 3; i += 1) {
      const response = await post(direct, { "x-forwarded-for": forged });
      expect(response.status).toBe(302);
    }
    const keys = await formKeys();
    expect(keys.has(forged)).toBe(false);
    expect(keys.get("127.0.0.1")).toBeGreaterThanOrEqual(before + 3);
  });

  it("never sends HSTS, even when a client claims HTTPS", async () => {
    for (const route of ["/", "/login", "/healthz", "/no-such-page"]) {
      const plain = await request(url(direct), route);
      expect(plain.headers["strict-transport-security"], route).toBeUndefined();
      const claimed = await request(url(direct), route, { headers: { "x-forwarded-proto": "https" } });
      expect(claimed.headers["strict-transport-security"], route).toBeUndefined();
    }
  });
});

describe("with TRUST_PROXY naming the proxy", () => {
  it("counts sign-in codes under the address the proxy forwards", async () => {
    expect(await codeAddress(proxied, { "x-forwarded-for": "203.0.113.60" })).toBe("203.0.113.60");
    // The proxy appends what it saw: the address next to it counts, not what the client wrote first.
    expect(await codeAddress(proxied, { "x-forwarded-for": "10.9.9.9, 203.0.113.61" })).toBe("203.0.113.61");
    expect(await codeAddress(proxied, { "x-forwarded-for": "::ffff:203.0.113.62" })).toBe("203.0.113.62");
    expect(await codeAddress(proxied, { "x-forwarded-for": "2001:db8:1:2::5" })).toBe("2001:db8:1:2::/64");
  });

  it("counts posts from one IPv6 /64 together, and other /64s apart", async () => {
    const prefix = `2001:db8:${(1 + Math.floor(Math.random() * 0xfff)).toString(16)}:7`;
    // Six addresses of one /64 are counted under one key (whichever one-minute windows they fell in).
    for (let i = 1; i <= FORMS_PER_MINUTE + 1; i += 1) {
      await post(proxied, { "x-forwarded-for": `${prefix}::${i.toString(16)}` });
    }
    const keys = await formKeys();
    expect(keys.get(`${prefix}::/64`)).toBe(FORMS_PER_MINUTE + 1);
    expect(
      [...keys.keys()].filter((key) => key.startsWith(`${prefix}::`) && key !== `${prefix}::/64`),
    ).toEqual([]);
    // The /64's budget spent in the windows around now (whatever second this runs at): a seventh
    // address of it is refused.
    const minute = 60_000;
    const start = Date.now() - (Date.now() % minute);
    for (const windowStart of [start - minute, start, start + minute, start + 2 * minute]) {
      await database.pool.query(
        `insert into rate_limits (bucket, key, window_start, hits) values ('form', $1, $2, $3)
         on conflict (bucket, key, window_start) do update set hits = greatest(rate_limits.hits, excluded.hits)`,
        [`${prefix}::/64`, new Date(windowStart), FORMS_PER_MINUTE],
      );
    }
    const refused = await post(proxied, { "x-forwarded-for": `${prefix}::ff` });
    expect(refused.status).toBe(429);
    // Its neighbour /64 has a budget of its own.
    const neighbour = await post(proxied, { "x-forwarded-for": `${prefix.slice(0, -1)}8::1` });
    expect(neighbour.status).toBe(302);
  });

  it("counts page views apart from forms, per address, and refuses them over their own limit", async () => {
    const address = `203.0.113.${100 + Math.floor(Math.random() * 100)}`;
    const before = await formKeys();
    const statuses = await Promise.all(
      Array.from({ length: PAGE_VIEWS_PER_MINUTE }, (_, i) =>
        pageView(proxied, { "x-forwarded-for": address }, `/views-${i}`).then((answer) => answer.status),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([204]));
    // Its minute began with its first view: the next one is refused.
    const over = await pageView(proxied, { "x-forwarded-for": address }, "/views-over");
    expect(over.status).toBe(429);
    // Another address has its own; neither touched the form limit's rows.
    const other = await pageView(proxied, { "x-forwarded-for": "203.0.113.7" }, "/views-other");
    expect(other.status).toBe(204);
    expect(await formKeys()).toEqual(before);
  });

  it("sends HSTS only when the proxy says the request came over HTTPS", async () => {
    for (const route of ["/", "/login", "/healthz", "/no-such-page"]) {
      const secure = await request(url(proxied), route, { headers: { "x-forwarded-proto": "https" } });
      expect(secure.headers["strict-transport-security"], route).toBe("max-age=31536000; includeSubDomains");
      const plain = await request(url(proxied), route);
      expect(plain.headers["strict-transport-security"], route).toBeUndefined();
    }
  });
});
