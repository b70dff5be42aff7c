import { describe, expect, it } from "vitest";
import { formatHkDateTime } from "./dates.ts";

describe("formatHkDateTime", () => {
  it("shows the reopening time of SPEC §9 in Hong Kong time", () => {
    const text = formatHkDateTime(new Date("2022-10-16T21:00:00Z"));
    expect(text).toContain("2022");
    expect(text).toContain("17");
    expect(text).toContain("05:00");
  });
});
