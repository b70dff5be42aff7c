import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 29 item 4, decision 0038: one result shape per layer. A service (and app/auth) answers with a
 * union on `status` ("placed", "refused", "not_found"…); a domain check of outside input answers
 * with `Checked` (`ok` with what it read, or the `error` it found).
 */
const appDir = path.dirname(new URL(import.meta.url).pathname);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const relative = (file: string) => path.relative(appDir, file);

describe("result shapes", () => {
  it("services and app/auth answer with a status union, never {ok}", () => {
    const files = [...sources(path.join(appDir, "services")), ...sources(path.join(appDir, "auth"))];
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((file) => /\bok: (true|false)\b/.test(fs.readFileSync(file, "utf8")));
    expect(offenders.map(relative)).toEqual([]);
  });

  it("domain checks that refuse are typed as Checked", () => {
    const files = sources(path.join(appDir, "domain"));
    const refusing = files.filter((file) => /\bok: false\b/.test(fs.readFileSync(file, "utf8")));
    expect(refusing.length).toBeGreaterThan(3);
    const untyped = refusing.filter((file) => !/\bChecked\b/.test(fs.readFileSync(file, "utf8")));
    expect(untyped.map(relative)).toEqual([]);
  });

  it("forms are read by one parser, parseForm, in the storefront and the back office alike", () => {
    const files = sources(appDir);
    const other = files.filter((file) => /\bparseWithZod\b/.test(fs.readFileSync(file, "utf8")));
    expect(
      files.filter((file) => /\bparseForm\(/.test(fs.readFileSync(file, "utf8"))).length,
    ).toBeGreaterThan(30);
    expect(other.map(relative)).toEqual([]);
  });
});
