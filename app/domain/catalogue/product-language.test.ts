import { describe, expect, it } from "vitest";
import type { ProductView } from "./catalogue.ts";
import { productDetailsInLanguage, productInLanguage } from "./product-language.ts";

const product: ProductView = {
  id: 7,
  slug: "wagyu",
  name: "和牛西冷",
  nameEn: "Wagyu Sirloin",
  description: "油花均勻",
  descriptionEn: "",
  mode: "general",
  priceCents: 23_800,
  gatherPriceCents: 19_800,
  marketPriceCents: 26_800,
  unit: "件",
  defaultWeight: 1,
  stock: null,
  addToCartQty: 1,
  targetBuyers: 10,
  ageRestricted: false,
  image: null,
  images: [],
  maxPerMember: null,
  brand: { name: "南十字星", nameEn: "Southern Cross", slug: "southern-cross" },
  merchant: { id: 3, name: "新記", nameEn: "", slug: "san-kee" },
  category: { name: "牛肉", nameEn: "Beef", slug: "beef" },
  subcategory: { name: "牛扒", nameEn: "", slug: "steaks" },
  buyers: 2,
  updatedAt: "2026-12-01T00:00:00.000Z",
};

describe("productInLanguage", () => {
  it("puts a product and the names it shows in English, marking the Chinese left", () => {
    const shown = productInLanguage(product, true);
    expect(shown).toMatchObject({
      name: "Wagyu Sirloin",
      description: "油花均勻",
      descriptionLang: "zh-HK",
      brand: { name: "Southern Cross", slug: "southern-cross" },
      merchant: { id: 3, name: "新記", nameLang: "zh-HK" },
      category: { name: "Beef" },
      subcategory: { name: "牛扒", nameLang: "zh-HK" },
    });
    expect(JSON.stringify(shown)).not.toContain('En"');
    expect(shown.nameLang).toBeUndefined();
  });

  it("leaves a zh-HK page's product in Chinese, without its English texts", () => {
    const shown = productInLanguage(product, false);
    expect(shown).toMatchObject({
      name: "和牛西冷",
      brand: { name: "南十字星" },
      merchant: { name: "新記" },
    });
    expect(JSON.stringify(shown)).not.toMatch(/En"|Lang"/);
  });

  it("gives a card, which has no description, none", () => {
    const { description: _d, descriptionEn: _e, images: _i, maxPerMember: _m, ...card } = product;
    expect("description" in productInLanguage(card, true)).toBe(false);
  });
});

describe("productDetailsInLanguage", () => {
  const details = {
    id: 7,
    nameEn: "Wagyu Sirloin",
    description: "油花均勻",
    descriptionEn: "Even marbling",
    images: [],
    maxPerMember: null,
  };

  it("sends an English page the English description, and no English name (the card has it)", () => {
    expect(productDetailsInLanguage(details, true)).toEqual({
      id: 7,
      description: "Even marbling",
      images: [],
      maxPerMember: null,
    });
  });

  it("sends a zh-HK page the Chinese description with the English name shown under the Chinese", () => {
    expect(productDetailsInLanguage(details, false)).toEqual({
      id: 7,
      nameEn: "Wagyu Sirloin",
      description: "油花均勻",
      images: [],
      maxPerMember: null,
    });
  });
});
