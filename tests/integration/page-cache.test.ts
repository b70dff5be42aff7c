import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { products } from "../../app/db/schema/index.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory } from "../helpers/factories.ts";
import { freePort, type RawResponse, request } from "../helpers/net.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember } from "./admin-fixtures.ts";
import { createCycle, createProduct, type ProductRow } from "./catalogue-fixtures.ts";

/**
 * Decision 0020 over HTTP: a page rendered for a visitor without cookies is sent again for
 * PAGE_CACHE_MS (3 s here, so that "within the time" holds on a slow machine), each time with the
 * response's own CSP nonce; visitors with a cookie and private addresses are always rendered; a
 * back-office write on this instance is seen at once, a write behind its back once the time is up.
 */

const TTL_MS = 3_000;
const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-page-cache-"));
let server: ServedShop;
let wings: ProductRow;
let other: ProductRow;
let adminCookie: string;

beforeAll(async () => {
  const { db } = database;
  const meat = await createCategory(db, { name: "肉類", slug: "meat" });
  wings = await createProduct(db, { categoryId: meat.id, name: "急凍雞翼" });
  other = await createProduct(db, { categoryId: meat.id, name: "豬扒" });
  await createCycle(db);
  const admin = await createMember(db, { type: "admin" });
  const { token } = await database.services.members.auth.createSession(admin.id, {});
  adminCookie = (await createCookie("gather_session").serialize(token)).split(";")[0]!;
  fs.chmodSync(dataDir, 0o755);
  server = await serveShop({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
    // These tests reach the shop by another host name through X-Forwarded-Host, as a proxy on loopback would (TRUST_PROXY).
    TRUST_PROXY: "loopback",
    PAGE_CACHE_MS: String(TTL_MS),
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

function nonceOf(response: RawResponse): string {
  const policy = String(response.headers["content-security-policy"]);
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce).toBeTruthy();
  return nonce!;
}

const cacheOf = (response: RawResponse) => response.headers["x-page-cache"];

async function rename(product: ProductRow, name: string) {
  await database.db.update(products).set({ name }).where(eq(products.id, product.id));
}

describe("pages for visitors without cookies", () => {
  it("sends the page kept from the last render again, with this response's nonce on every script", async () => {
    const first = await request(server.url, "/all?sort=new");
    const second = await request(server.url, "/all?sort=new");
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([cacheOf(first), cacheOf(second)]).toEqual(["miss", "hit"]);
    const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)];
    expect(secondNonce).not.toBe(firstNonce);
    const scripts = [...second.body.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(1);
    for (const tag of scripts) expect(tag).toContain(`nonce="${secondNonce}"`);
    // React Router's <ScrollRestoration> script (decision 0021) is one of them, in both copies.
    const scrollScript = /<script\b[^>]*>[^<]*react-router-scroll-positions/;
    expect(scrollScript.exec(first.body)?.[0]).toContain(`nonce="${firstNonce}"`);
    expect(scrollScript.exec(second.body)?.[0]).toContain(`nonce="${secondNonce}"`);
    expect(second.body).not.toContain(firstNonce);
    expect(second.body.replaceAll(secondNonce, "N")).toBe(first.body.replaceAll(firstNonce, "N"));
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
  });

  it("keeps route data too, and neither errors nor redirects", async () => {
    const data = "/all.data?_routes=routes%2Fshop%2Flisting";
    expect(cacheOf(await request(server.url, data))).toBe("miss");
    const again = await request(server.url, data);
    expect([again.status, cacheOf(again)]).toEqual([200, "hit"]);
    for (const address of ["/product?cat=no-such-category", "/account"]) {
      const first = await request(server.url, address);
      const second = await request(server.url, address);
      expect(first.status).not.toBe(200);
      expect(second.status).toBe(first.status);
      expect(cacheOf(second)).not.toBe("hit");
    }
  });

  it("keeps a page per address the shop is reached by, so one host's links never reach another", async () => {
    const forwarded = await request(server.url, "/all?sort=gather", {
      headers: { "x-forwarded-host": "shop.example:8443" },
    });
    expect(forwarded.body).toContain("//shop.example:8443/all");
    const direct = await request(server.url, "/all?sort=gather");
    expect(cacheOf(direct)).toBe("miss");
    expect(direct.body).not.toContain("shop.example");
  });

  it("renders every time for a visitor with a cookie", async () => {
    await request(server.url, "/all?sort=price");
    const withCookie = await request(server.url, "/all?sort=price", { headers: { cookie: "seen=1" } });
    expect(withCookie.status).toBe(200);
    expect(cacheOf(withCookie)).toBeUndefined();
  });
});

describe("what a change takes to show", () => {
  it("shows a change behind the server's back once the entry has aged, and a back-office write at once", async () => {
    const address = "/all?sort=name";
    expect((await request(server.url, address)).body).toContain("急凍雞翼");

    // Another instance or a script renames the product: this instance may show the old name for TTL_MS.
    await rename(wings, "急凍雞中翼");
    const kept = await request(server.url, address);
    expect(cacheOf(kept)).toBe("hit");
    expect(kept.body).toContain("急凍雞翼");

    // A person's own write (signing out) does not empty it.
    const signOut = await request(server.url, "/logout", { method: "POST" });
    expect(signOut.status).toBe(302);
    expect(cacheOf(await request(server.url, address))).toBe("hit");

    // A back-office write on this instance empties it.
    const unpublish = await request(server.url, "/admin/product", {
      method: "POST",
      headers: { cookie: adminCookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "unpublish", ids: String(other.id) }).toString(),
    });
    expect(unpublish.status).toBe(302);
    const storedFrom = Date.now();
    const afterWrite = await request(server.url, address);
    expect(cacheOf(afterWrite)).toBe("miss");
    expect(afterWrite.body).toContain("急凍雞中翼");
    expect(afterWrite.body).not.toContain("豬扒");

    await rename(wings, "急凍雞全翼");
    expect((await request(server.url, address)).body).toContain("急凍雞中翼");
    // Asked again and again, the page shows the new name once its copy is older than TTL_MS, not before.
    let aged: RawResponse | undefined;
    await expect
      .poll(
        async () => {
          aged = await request(server.url, address);
          return aged.body.includes("急凍雞全翼");
        },
        { timeout: TTL_MS + 10_000, interval: 50 },
      )
      .toBe(true);
    expect(Date.now() - storedFrom).toBeGreaterThanOrEqual(TTL_MS);
    expect(cacheOf(aged!)).toBe("miss");
  });
});
