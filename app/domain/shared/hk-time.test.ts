import { describe, expect, it } from "vitest";
import {
  formatHkAdminTime,
  formatHkCutoff,
  formatHkDate,
  formatHkDateTime,
  formatHkDay,
  fromHkLocalInput,
  hkDayKey,
  hkDayStart,
  hkWeekdayName,
  lastHkDays,
  toHkLocalInput,
} from "./hk-time.ts";

describe("Hong Kong dates", () => {
  it("shows the reopening time of SPEC §9 in Hong Kong time", () => {
    expect(formatHkDateTime(new Date("2022-10-16T21:00:00Z"))).toBe("2022年10月17日 05:00");
  });

  it("moves to the next Hong Kong day at 16:00 UTC", () => {
    expect(formatHkDate(new Date("2026-11-21T15:59:00Z"))).toBe("2026年11月21日（星期六）");
    expect(formatHkDate(new Date("2026-11-21T16:00:00Z"))).toBe("2026年11月22日（星期日）");
  });
});

describe("Hong Kong datetime-local values", () => {
  it("shows the default reopening time 2022-10-17 05:00 HKT", () => {
    expect(toHkLocalInput(new Date("2022-10-16T21:00:00Z"))).toBe("2022-10-17T05:00");
  });

  it("reads a local value as Hong Kong time", () => {
    expect(fromHkLocalInput("2022-10-17T05:00")?.toISOString()).toBe("2022-10-16T21:00:00.000Z");
    expect(fromHkLocalInput("2024-01-01T00:30")?.toISOString()).toBe("2023-12-31T16:30:00.000Z");
  });

  it("refuses values that are not real times", () => {
    for (const value of [
      "",
      "2023-02-30T10:00",
      "2023-13-01T10:00",
      "2023-01-01T24:00",
      "2023-01-01 10:00",
      "x",
    ]) {
      expect(fromHkLocalInput(value), value).toBeNull();
    }
  });

  it("round-trips", () => {
    const value = "2031-07-09T18:45";
    expect(toHkLocalInput(fromHkLocalInput(value)!)).toBe(value);
  });
});

describe("Hong Kong days", () => {
  it("puts 23:30 UTC on the next Hong Kong day", () => {
    expect(hkDayKey(new Date("2024-03-01T15:59:59Z"))).toBe("2024-03-01");
    expect(hkDayKey(new Date("2024-03-01T16:00:00Z"))).toBe("2024-03-02");
  });

  it("lists the last 14 days oldest first, ending today in Hong Kong", () => {
    const days = lastHkDays(new Date("2024-03-01T17:00:00Z"), 14);
    expect(days).toHaveLength(14);
    expect(days[0]).toBe("2024-02-18");
    expect(days[13]).toBe("2024-03-02");
  });

  it("starts a day at Hong Kong midnight", () => {
    expect(hkDayStart("2024-03-02").toISOString()).toBe("2024-03-01T16:00:00.000Z");
  });
});

describe("formatHkAdminTime", () => {
  it("prints Hong Kong time as sortable text", () => {
    expect(formatHkAdminTime(new Date("2022-10-16T21:00:00Z"))).toBe("2022-10-17 05:00");
  });
});

describe("Hong Kong days and cut-off times", () => {
  it("names ISO weekdays", () => {
    expect([1, 7].map(hkWeekdayName)).toEqual(["一", "日"]);
  });

  it("prints the day with its weekday", () => {
    expect(formatHkDay("2025-12-25")).toBe("12月25日（星期四）");
    expect(formatHkDay("2022-10-16")).toBe("10月16日（星期日）");
  });

  it("prints a cut-off in Hong Kong time, across midnight UTC", () => {
    expect(formatHkCutoff(new Date("2025-12-25T12:00:00Z"))).toBe("12月25日（星期四）20:00");
    expect(formatHkCutoff(new Date("2025-12-31T16:30:00Z"))).toBe("1月1日（星期四）00:30");
  });
});
