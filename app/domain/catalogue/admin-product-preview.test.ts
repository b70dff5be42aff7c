import { describe, expect, it } from "vitest";
import { type PreviewChoices, previewProduct } from "./admin-product-preview.ts";

const choices: PreviewChoices = {
  categories: [
    {
      id: 1,
      name: "牛肉",
      slug: "beef",
      children: [{ id: 11, name: "牛扒", slug: "beef-steaks" }],
    },
    { id: 2, name: "豬肉", slug: "pork", children: [{ id: 21, name: "豬扒", slug: "pork-chops" }] },
  ],
  brands: [{ id: 5, name: "南十字星和牛", slug: "southern-cross-wagyu" }],
  merchants: [{ id: 7, name: "新記肉食", slug: "san-kee-meats" }],
};
const known = { id: 0, buyers: 0, updatedAt: "2030-01-01T00:00:00.000Z" };

describe("previewProduct", () => {
  it("shows a complete form as the storefront card would", () => {
    const view = previewProduct(
      {
        name: " 美國安格斯西冷 ",
        nameEn: "US Angus Striploin",
        mode: "limited",
        price: "120",
        gatherPrice: "98.5",
        marketPrice: "$150",
        unit: "磅",
        defaultWeight: "1.5",
        stock: "8",
        addToCartQty: "2",
        maxPerMember: "6",
        targetBuyers: "12",
        ageRestricted: "on",
        categoryId: "1",
        subcategoryId: "11",
        brandId: "5",
        merchantId: "7",
        images: ["/uploads/products/a-640w.webp", "/uploads/products/b-640w.webp"],
      },
      choices,
      known,
    );
    expect(view).toMatchObject({
      name: "美國安格斯西冷",
      mode: "limited",
      priceCents: 12_000,
      gatherPriceCents: 9_850,
      marketPriceCents: 15_000,
      unit: "磅",
      defaultWeight: 1.5,
      stock: 8,
      addToCartQty: 2,
      maxPerMember: 6,
      targetBuyers: 12,
      ageRestricted: true,
      category: { name: "牛肉", slug: "beef" },
      subcategory: { name: "牛扒", slug: "beef-steaks" },
      brand: { name: "南十字星和牛", slug: "southern-cross-wagyu" },
      merchant: { id: 7, name: "新記肉食", slug: "san-kee-meats" },
      images: ["/uploads/products/a-640w.webp", "/uploads/products/b-640w.webp"],
    });
  });

  it("shows half-typed and empty values as nothing rather than failing", () => {
    const view = previewProduct(
      {
        mode: "instock",
        price: "12.",
        gatherPrice: "abc",
        unit: "斤",
        defaultWeight: "-2",
        targetBuyers: "9",
      },
      choices,
      known,
    );
    expect(view).toMatchObject({
      name: "",
      mode: "instock",
      priceCents: 1_200,
      gatherPriceCents: 0,
      marketPriceCents: 0,
      defaultWeight: 1,
      stock: null,
      addToCartQty: 1,
      targetBuyers: null,
      images: [],
      brand: null,
      merchant: null,
    });
    expect(previewProduct(undefined, choices, known)).toMatchObject({ mode: "general", unit: "件" });
  });

  it("ignores a subcategory of another category and one picture given alone", () => {
    const view = previewProduct(
      { categoryId: "1", subcategoryId: "21", images: "/uploads/products/only-640w.webp" },
      choices,
      known,
    );
    expect(view.subcategory).toBeNull();
    expect(view.images).toEqual(["/uploads/products/only-640w.webp"]);
  });
});
