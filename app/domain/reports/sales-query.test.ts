import { describe, expect, it } from "vitest";
import { parseSalesQuery, salesSearch } from "./sales-query.ts";

describe("the dashboard's query", () => {
  it("reads a period and the breakdown's order, with defaults for the rest", () => {
    expect(parseSalesQuery(new URLSearchParams(""))).toEqual({
      kind: "cycle",
      key: null,
      breakdown: "product",
      sort: "charged",
      direction: "desc",
      page: 0,
    });
    expect(
      parseSalesQuery(new URLSearchParams("period=week&key=2026-12-10&by=merchant&sort=net&dir=asc&page=2")),
    ).toEqual({
      kind: "week",
      key: "2026-12-07",
      breakdown: "merchant",
      sort: "net",
      direction: "asc",
      page: 2,
    });
  });

  it("refuses keys that are not periods", () => {
    expect(parseSalesQuery(new URLSearchParams("period=month&key=2026-13")).key).toBeNull();
    expect(parseSalesQuery(new URLSearchParams("period=cycle&key=1;drop")).key).toBeNull();
    expect(parseSalesQuery(new URLSearchParams("period=year&page=-1"))).toMatchObject({
      kind: "cycle",
      page: 0,
    });
  });

  it("writes the query back with one thing changed", () => {
    const query = parseSalesQuery(new URLSearchParams("period=month&key=2026-12"));
    expect(salesSearch(query, { breakdown: "point" })).toBe("?period=month&key=2026-12&by=point");
  });
});
