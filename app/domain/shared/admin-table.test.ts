import { describe, expect, it } from "vitest";
import { clampPage, pageCount, parseTableState, tableSearch } from "./admin-table.ts";

const params = (query: string) => new URLSearchParams(query);

describe("parseTableState", () => {
  it("starts at page 0 with 50 rows and no search (SPEC §3)", () => {
    expect(parseTableState(params(""))).toEqual({ page: 0, pageSize: 50, q: "" });
  });

  it("reads page, an allowed page size and a trimmed search", () => {
    expect(parseTableState(params("page=3&pageSize=100&q=%20陳%20"))).toEqual({
      page: 3,
      pageSize: 100,
      q: "陳",
    });
  });

  it("falls back to defaults for nonsense", () => {
    for (const query of ["page=-1", "page=abc", "page=1.5", "page=1e30", "pageSize=7", "pageSize=100000"]) {
      const state = parseTableState(params(query));
      expect(state.page, query).toBe(0);
      expect(state.pageSize, query).toBe(50);
    }
  });

  it("cuts a very long search", () => {
    expect(parseTableState(params(`q=${"a".repeat(500)}`)).q).toHaveLength(100);
  });
});

describe("paging", () => {
  it("counts at least one page and clamps a page past the end", () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(clampPage(9, 120, 50)).toBe(2);
    expect(clampPage(1, 120, 50)).toBe(1);
  });
});

describe("tableSearch", () => {
  it("changes the page and keeps the search", () => {
    expect(tableSearch(params("q=陳&page=1"), { page: 2 })).toBe(`?q=${encodeURIComponent("陳")}&page=2`);
  });

  it("goes back to page 0 when the filter changes and drops defaults", () => {
    expect(tableSearch(params("q=a&page=4&pageSize=50"), { promo: "yes" })).toBe("?q=a&promo=yes");
    expect(tableSearch(params("page=4"), { page: 0 })).toBe("?");
    expect(tableSearch(params("q=a"), { q: null })).toBe("?");
  });
});
