import { describe, expect, it } from "vitest";
import {
  addDays,
  calendarBounds,
  changePercent,
  isPeriodKey,
  periodKeyOf,
  periodLabel,
  periodsUpTo,
  shiftPeriod,
} from "./periods.ts";

describe("report periods", () => {
  it("finds the Hong Kong week (Monday first) and month of an instant", () => {
    // Sunday 2026-12-13 23:30 in Hong Kong is still that week; 16:30 UTC is 00:30 Monday in Hong Kong.
    expect(periodKeyOf("week", new Date("2026-12-13T15:30:00Z"))).toBe("2026-12-07");
    expect(periodKeyOf("week", new Date("2026-12-13T16:30:00Z"))).toBe("2026-12-14");
    expect(periodKeyOf("month", new Date("2026-11-30T16:30:00Z"))).toBe("2026-12");
  });

  it("gives each period's bounds at Hong Kong midnight", () => {
    expect(calendarBounds("week", "2026-12-28")).toEqual({
      from: new Date("2026-12-27T16:00:00Z"),
      to: new Date("2027-01-03T16:00:00Z"),
    });
    expect(calendarBounds("month", "2026-12")).toEqual({
      from: new Date("2026-11-30T16:00:00Z"),
      to: new Date("2026-12-31T16:00:00Z"),
    });
  });

  it("moves between periods across years", () => {
    expect(shiftPeriod("month", "2027-01", -1)).toBe("2026-12");
    expect(shiftPeriod("week", "2026-12-28", 1)).toBe("2027-01-04");
    expect(periodsUpTo("month", "2027-02", 3)).toEqual(["2026-12", "2027-01", "2027-02"]);
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  it("accepts only real keys (a week starts on a Monday)", () => {
    expect(isPeriodKey("week", "2026-12-07")).toBe(true);
    expect(isPeriodKey("week", "2026-12-08")).toBe(false);
    expect(isPeriodKey("week", "2026-02-30")).toBe(false);
    expect(isPeriodKey("month", "2026-13")).toBe(false);
    expect(isPeriodKey("month", "2026-09")).toBe(true);
  });

  it("labels periods and compares them with the one before", () => {
    expect(periodLabel("month", "2026-12")).toBe("2026年12月");
    expect(periodLabel("week", "2026-12-07")).toBe("12月7日至13日");
    expect(periodLabel("week", "2026-11-30")).toBe("11月30日至12月6日");
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(5, 0)).toBeNull();
  });
});
