import { describe, expect, it } from "vitest";
import { parseProductListQuery } from "./admin-product.schema.ts";

describe("parseProductListQuery", () => {
  it("reads every filter and falls back on nonsense", () => {
    expect(
      parseProductListQuery(
        new URLSearchParams(
          "q=%E7%89%9B&page=2&mode=instock&published=no&stock=low&english=name&sort=priceDesc&cat=4&brand=9&merchant=2",
        ),
      ),
    ).toEqual({
      page: 2,
      pageSize: 50,
      q: "牛",
      mode: "instock",
      published: "no",
      stock: "low",
      english: "name",
      sort: "priceDesc",
      categoryId: 4,
      brandId: 9,
      merchantId: 2,
    });
    expect(
      parseProductListQuery(
        new URLSearchParams(
          "mode=x&published=maybe&stock=9&english=fr&sort=drop&cat=0&brand=-1&merchant=1e3",
        ),
      ),
    ).toEqual({
      page: 0,
      pageSize: 50,
      q: "",
      mode: "all",
      published: "all",
      stock: "all",
      english: "all",
      sort: "updated",
      categoryId: null,
      brandId: null,
      merchantId: null,
    });
  });
});
