import { describe, expect, it } from "vitest";
import { onlyDrawerChanged, productIdIn, searchWithProduct } from "./drawer-url.ts";

const url = (path: string) => new URL(path, "http://shop.test");

describe("the drawer's address", () => {
  it("sets and clears ?product= and keeps the rest of the search", () => {
    expect(searchWithProduct("?sort=newest", 12)).toBe("?sort=newest&product=12");
    expect(searchWithProduct("?sort=newest&product=12", null)).toBe("?sort=newest");
    expect(searchWithProduct("?product=12", null)).toBe("");
    expect(productIdIn("?product=12")).toBe(12);
    for (const bad of ["?product=", "?product=abc", "?product=-1", "?product=1e3", ""]) {
      expect(productIdIn(bad)).toBeNull();
    }
  });

  it("tells a navigation that only opens or closes the drawer", () => {
    expect(onlyDrawerChanged(url("/all?page=2"), url("/all?page=2&product=7"))).toBe(true);
    expect(onlyDrawerChanged(url("/all?product=7"), url("/all"))).toBe(true);
    expect(onlyDrawerChanged(url("/all?product=7"), url("/all?product=8"))).toBe(true);
    // Another page, other filters, or the same address again (a revalidation) are not.
    expect(onlyDrawerChanged(url("/all"), url("/limited?product=7"))).toBe(false);
    expect(onlyDrawerChanged(url("/all?page=2"), url("/all?page=3&product=7"))).toBe(false);
    expect(onlyDrawerChanged(url("/all?product=7"), url("/all?product=7"))).toBe(false);
  });
});
