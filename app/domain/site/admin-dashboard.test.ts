import { describe, expect, it } from "vitest";
import { fillDailySeries, seriesTotal, shortDayLabel } from "./admin-dashboard.ts";

describe("daily series", () => {
  it("fills missing days with 0 and ignores days outside the range", () => {
    const series = fillDailySeries(
      ["2024-03-01", "2024-03-02", "2024-03-03"],
      [
        { day: "2024-03-02", count: 4 },
        { day: "2024-02-01", count: 9 },
      ],
    );
    expect(series).toEqual([
      { day: "2024-03-01", count: 0 },
      { day: "2024-03-02", count: 4 },
      { day: "2024-03-03", count: 0 },
    ]);
    expect(seriesTotal(series)).toBe(4);
  });

  it("labels a day as day/month", () => {
    expect(shortDayLabel("2022-10-07")).toBe("7/10");
  });
});
