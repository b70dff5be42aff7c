import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "./local.server.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-storage-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("local storage", () => {
  const storage = createLocalStorage({ dataDir });

  it("reads back what was put, by the key behind its public URL", async () => {
    await storage.put("products/abc-640w.webp", Buffer.from("picture"), "image/webp");
    const url = storage.publicUrl("products/abc-640w.webp");
    expect(url).toBe("/uploads/products/abc-640w.webp");
    const key = storage.keyForUrl(url);
    expect(key).toBe("products/abc-640w.webp");
    expect((await storage.read(key!))?.toString()).toBe("picture");
  });

  it("reads nothing for a missing file and finds no key for other addresses", async () => {
    expect(await storage.read("products/missing-640w.webp")).toBeNull();
    expect(storage.keyForUrl("https://elsewhere.example/uploads/products/abc-640w.webp")).toBeNull();
    expect(storage.keyForUrl("/uploads/../etc/passwd")).toBeNull();
    expect(storage.keyForUrl("/uploads/products/../../secret")).toBeNull();
    expect(storage.keyForUrl("/static/products/abc.webp")).toBeNull();
  });
});
