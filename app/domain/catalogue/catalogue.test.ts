import { describe, expect, it } from "vitest";
import {
  addToModeCounts,
  emptyModeCounts,
  groupProgress,
  listingHref,
  listingModeForPath,
  normaliseSearchName,
  pageCountFor,
  pageLinks,
  parseListingQuery,
  parsePage,
  parseSort,
  stockState,
} from "./catalogue.ts";

const params = (query: string) => new URLSearchParams(query);

describe("parseListingQuery (SPEC §3: page 1, size 30, sort gather)", () => {
  it("defaults to page 1 sorted by group price", () => {
    expect(parseListingQuery("all", params(""))).toEqual({ mode: "all", sort: "gather", page: 1 });
  });

  it("reads the filters of /product", () => {
    expect(
      parseListingQuery(
        "all",
        params("cat=beef&subcat=beef-steaks&collection=kagoshima-kuroge&name=和牛&sort=newest&page=3"),
      ),
    ).toEqual({
      mode: "all",
      cat: "beef",
      subcat: "beef-steaks",
      collection: "kagoshima-kuroge",
      name: "和牛",
      sort: "newest",
      page: 3,
    });
  });

  it("drops empty filters and lower-cases slugs", () => {
    expect(
      parseListingQuery("limited", params("cat=&subcat=%20&collection=Harbour-Frozen&name=%20%20")),
    ).toEqual({ mode: "limited", collection: "harbour-frozen", sort: "gather", page: 1 });
  });
});

describe("parsePage and parseSort never fail", () => {
  it.each([
    [null, 1],
    ["", 1],
    ["-1", 1],
    ["0", 1],
    ["abc", 1],
    ["2.5", 1],
    ["1e3", 1],
    ["99999999", 1],
    [" 4 ", 4],
    ["1000", 1000],
  ])("page %j → %d", (value, expected) => {
    expect(parsePage(value)).toBe(expected);
  });

  it("keeps the known sorts and falls back to gather for anything else", () => {
    expect(parseSort("discount")).toBe("discount");
    expect(parseSort("ending")).toBe("ending");
    expect(parseSort("evil")).toBe("gather");
    expect(parseSort("price desc; drop table products")).toBe("gather");
    expect(parseSort(null)).toBe("gather");
  });
});

describe("normaliseSearchName", () => {
  it("trims, folds spaces and caps the length at 50", () => {
    expect(normaliseSearchName("  wagyu   steak ")).toBe("wagyu steak");
    expect(normaliseSearchName("   ")).toBeUndefined();
    expect(normaliseSearchName("牛".repeat(80))).toHaveLength(50);
  });
});

describe("listingHref", () => {
  it("keeps the filters, leaves defaults out and drops anything else", () => {
    const query = { mode: "all" as const, cat: "beef", name: "牛 扒", sort: "gather" as const, page: 1 };
    expect(listingHref("/product", query)).toBe("/product?cat=beef&name=%E7%89%9B+%E6%89%92");
    expect(listingHref("/product", query, { page: 2 })).toBe(
      "/product?cat=beef&name=%E7%89%9B+%E6%89%92&page=2",
    );
    expect(listingHref("/all", { sort: "newest", page: 3 }, { page: 1 })).toBe("/all?sort=newest");
    expect(listingHref("/limited", {})).toBe("/limited");
  });
});

describe("listing pages", () => {
  it("counts pages of 30, at least one", () => {
    expect(pageCountFor(0)).toBe(1);
    expect(pageCountFor(30)).toBe(1);
    expect(pageCountFor(31)).toBe(2);
  });

  it("links the first, the last and two either side of the current page", () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageLinks(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageLinks(12, 12)).toEqual([1, null, 10, 11, 12]);
  });

  it("knows which mode a path lists", () => {
    expect(listingModeForPath("/limited")).toBe("limited");
    expect(listingModeForPath("/instock/")).toBe("instock");
    expect(listingModeForPath("/general")).toBe("general");
    expect(listingModeForPath("/all")).toBe("all");
    expect(listingModeForPath("/product")).toBe("all");
    expect(listingModeForPath("/")).toBe("all");
  });
});

describe("mode counts (SPEC §3 four simplified documents)", () => {
  it("adds each product to its mode and to all", () => {
    const counts = emptyModeCounts();
    addToModeCounts(counts, "general", 3);
    addToModeCounts(counts, "instock", 2);
    expect(counts).toEqual({ all: 5, general: 3, limited: 0, instock: 2 });
  });
});

describe("groupProgress (DESIGN §4.3)", () => {
  it("shows buyers against the target with a capped bar", () => {
    expect(groupProgress({ mode: "general", targetBuyers: 20 }, 5)).toEqual({
      buyers: 5,
      target: 20,
      percent: 25,
      met: false,
      missing: 15,
    });
    expect(groupProgress({ mode: "limited", targetBuyers: 8 }, 11)).toEqual({
      buyers: 11,
      target: 8,
      percent: 100,
      met: true,
      missing: 0,
    });
  });

  it("rounds the bar down so it reads full only when the target is met", () => {
    expect(groupProgress({ mode: "general", targetBuyers: 3 }, 2)?.percent).toBe(66);
    expect(groupProgress({ mode: "general", targetBuyers: 1000 }, 999)?.percent).toBe(99);
  });

  it("is met exactly at the target", () => {
    expect(groupProgress({ mode: "general", targetBuyers: 10 }, 10)?.met).toBe(true);
    expect(groupProgress({ mode: "general", targetBuyers: 10 }, 9)?.met).toBe(false);
  });

  it("has no progress for instock or without a target", () => {
    expect(groupProgress({ mode: "instock", targetBuyers: 10 }, 3)).toBeNull();
    expect(groupProgress({ mode: "general", targetBuyers: null }, 3)).toBeNull();
  });
});

describe("stockState", () => {
  it("tells unlimited, plenty, low and sold out apart", () => {
    expect(stockState(null)).toBe("unlimited");
    expect(stockState(0)).toBe("soldOut");
    expect(stockState(3)).toBe("low");
    expect(stockState(10)).toBe("low");
    expect(stockState(11)).toBe("available");
  });
});
