import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The catalogue is split into files by area and merged into one object per page; a key defined in
 * two files is silently overwritten by whichever is spread last (a member's toast once showed an
 * admin's words). Every key is defined once across all of them.
 */
describe("the zh-HK catalogue", () => {
  it("defines each key in one place only", async () => {
    const folder = path.join(import.meta.dirname, "catalogue");
    // pages/ holds each long page's copy as a structure of its own, not catalogue keys.
    const files = fs.readdirSync(folder).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const file of files) {
      const module = (await import(path.join(folder, file))) as Record<string, unknown>;
      for (const exported of Object.values(module)) {
        if (!exported || typeof exported !== "object") continue;
        for (const key of Object.keys(exported)) {
          const first = seen.get(key);
          if (first && first !== file) twice.push(`${key}: ${first} and ${file}`);
          else seen.set(key, file);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(500);
    expect(twice).toEqual([]);
  });

  /**
   * Issue 29 item 4: one naming pattern. A key is `<area>.<thing>[.<detail>…]`, each part a
   * camelCase word, except a part that is a value from the data (a status, a ledger reason, an error
   * code, an audited table), spelled as the data spells it (`admin.orders.status.ready_for_pickup`).
   * The back office's words start with `admin.`; a toast a member sees starts with `toast.`.
   */
  it("names every key by one pattern", async () => {
    const folder = path.join(import.meta.dirname, "catalogue");
    const files = fs.readdirSync(folder).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
    const keys: string[] = [];
    for (const file of files) {
      const module = (await import(path.join(folder, file))) as Record<string, unknown>;
      for (const exported of Object.values(module)) {
        if (exported && typeof exported === "object") keys.push(...Object.keys(exported));
      }
    }
    const camel = /^[a-z][a-zA-Z0-9]*$/;
    const dataValue = /^[a-z0-9]+(_[a-z0-9]+)*$/;
    const misnamed = keys.filter((key) => {
      const parts = key.split(".");
      if (parts.length < 2 || !camel.test(parts[0] ?? "")) return true;
      if (key.startsWith("toast.admin.")) return true;
      return !parts.slice(1).every((part) => camel.test(part) || dataValue.test(part));
    });
    expect(keys.length).toBeGreaterThan(1000);
    expect(misnamed).toEqual([]);
  });
});
