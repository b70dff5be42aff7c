import { describe, expect, it, vi } from "vitest";
import { createShopWideReads } from "./shop-wide-reads.server.ts";

/** A read that answers when told to, counting how often it was asked. */
function controlledRead<T>(value: T) {
  const answers: Array<(value: T) => void> = [];
  const load = vi.fn(
    () =>
      new Promise<T>((resolve) => {
        answers.push(resolve);
      }),
  );
  const answerAll = () => {
    for (const answer of answers.splice(0)) answer(value);
  };
  return { load, answerAll };
}

describe("shop-wide reads", () => {
  it("asks once for every request that comes while the first read is under way, and once after", async () => {
    const reads = createShopWideReads(60_000);
    const settings = controlledRead({ shopName: "齊齊買" });
    const waiting = [1, 2, 3].map(() => reads.read("settings", settings.load));
    settings.answerAll();
    expect(await Promise.all(waiting)).toEqual([1, 2, 3].map(() => ({ shopName: "齊齊買" })));
    expect(await reads.read("settings", settings.load)).toEqual({ shopName: "齊齊買" });
    expect(settings.load).toHaveBeenCalledTimes(1);
  });

  it("keeps each key apart, a missing value (null) included", async () => {
    const reads = createShopWideReads(60_000);
    const cycle = vi.fn(async () => null);
    const brands = vi.fn(async () => ["A", "B"]);
    expect(await reads.read("openCycle", cycle)).toBeNull();
    expect(await reads.read("openCycle", cycle)).toBeNull();
    expect(await reads.read("brands", brands)).toEqual(["A", "B"]);
    expect(cycle).toHaveBeenCalledTimes(1);
    expect(brands).toHaveBeenCalledTimes(1);
  });

  it("reads again after forget, and does not keep a read that was under way when it came", async () => {
    const reads = createShopWideReads(60_000);
    const before = controlledRead("old");
    const during = reads.read("settings", before.load);
    reads.forget();
    before.answerAll();
    // The request that asked before the write still gets its answer...
    expect(await during).toBe("old");
    // ...but it is not what the next request is given.
    const after = vi.fn(async () => "new");
    expect(await reads.read("settings", after)).toBe("new");
    expect(await reads.read("settings", after)).toBe("new");
    expect(after).toHaveBeenCalledTimes(1);
  });

  it("runs a query that runs again each time it is awaited (drizzle's) once", async () => {
    const reads = createShopWideReads(60_000);
    let runs = 0;
    const query = {
      // biome-ignore lint/suspicious/noThenProperty: a lazy query builder is exactly such a thenable
      then<R>(resolve: (rows: string[]) => R) {
        runs += 1;
        return Promise.resolve(resolve(["品牌"]));
      },
    };
    expect(await reads.read("brands", () => query)).toEqual(["品牌"]);
    expect(await reads.read("brands", () => query)).toEqual(["品牌"]);
    expect(runs).toBe(1);
  });

  it("does not keep a read that failed", async () => {
    const reads = createShopWideReads(60_000);
    const failing = vi.fn(async () => {
      throw new Error("connection lost");
    });
    await expect(reads.read("settings", failing)).rejects.toThrow("connection lost");
    const working = vi.fn(async () => "read");
    expect(await reads.read("settings", working)).toBe("read");
    expect(working).toHaveBeenCalledTimes(1);
  });

  it("reads again once an answer is older than ttlMs", async () => {
    const reads = createShopWideReads(20);
    const load = vi.fn(async () => "value");
    await reads.read("settings", load);
    await reads.read("settings", load);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(
      async () => {
        await reads.read("settings", load);
        expect(load).toHaveBeenCalledTimes(2);
      },
      { timeout: 2_000, interval: 5 },
    );
  });

  it("with ttlMs 0 asks the database every time", async () => {
    const reads = createShopWideReads(0);
    const load = vi.fn(async () => "value");
    await Promise.all([reads.read("settings", load), reads.read("settings", load)]);
    await reads.read("settings", load);
    expect(load).toHaveBeenCalledTimes(3);
  });
});
