import { describe, expect, it } from "vitest";
import { changedFields } from "./admin-audit.ts";

describe("changedFields", () => {
  const before = {
    name: "齊齊買",
    on: false,
    at: new Date("2022-10-16T21:00:00Z"),
    lines: ["a"],
    note: null as string | null,
  };

  it("keeps only the keys that changed, with dates as ISO text", () => {
    const changed = changedFields(
      before,
      { name: "齊齊買", on: true, at: new Date("2030-01-01T00:00:00Z"), lines: ["a"] },
      ["name", "on", "at", "lines"],
    );
    expect(changed).toEqual({
      before: { on: false, at: "2022-10-16T21:00:00.000Z" },
      after: { on: true, at: "2030-01-01T00:00:00.000Z" },
    });
  });

  it("compares arrays by content and treats undefined as null", () => {
    expect(changedFields(before, { lines: ["a", "b"] }, ["lines"])).toEqual({
      before: { lines: ["a"] },
      after: { lines: ["a", "b"] },
    });
    expect(changedFields(before, { note: undefined }, ["note"])).toBeNull();
  });

  it("ignores keys it was not asked about and returns null when nothing changed", () => {
    expect(changedFields(before, { name: "新店名" }, ["on"])).toBeNull();
    expect(changedFields(before, { ...before }, ["name", "on", "at", "lines", "note"])).toBeNull();
  });
});
