import { describe, expect, it } from "vitest";
import { formatHkDate, formatHkDateTime } from "./dates.ts";

describe("Hong Kong dates", () => {
  it("shows the reopening time of SPEC §9 in Hong Kong time", () => {
    expect(formatHkDateTime(new Date("2022-10-16T21:00:00Z"))).toBe("2022年10月17日 05:00");
  });

  it("moves to the next Hong Kong day at 16:00 UTC", () => {
    expect(formatHkDate(new Date("2026-11-21T15:59:00Z"))).toBe("2026年11月21日（星期六）");
    expect(formatHkDate(new Date("2026-11-21T16:00:00Z"))).toBe("2026年11月22日（星期日）");
  });
});
