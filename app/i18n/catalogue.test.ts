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
});
