import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { parseForm } from "../../web/form-parse.ts";
import { centsToDollars, parseDollars } from "../shared/dollar-amounts.ts";
import {
  PRODUCT_IMAGES_MAX,
  productFields,
  productListActionSchema,
  productSchema,
  slugFromName,
} from "./admin-product.schema.ts";

/** What the browser posts for a valid general group buy priced by weight. */
function form(changes: Record<string, string | string[] | undefined> = {}): FormData {
  const fields: Record<string, string | string[] | undefined> = {
    name: "澳洲和牛西冷",
    nameEn: "Australian Wagyu Striploin",
    slug: "",
    description: "穀飼 MB5，按重量計價。",
    descriptionEn: " Grain-fed MB5, priced by weight. ",
    mode: "general",
    price: "238",
    gatherPrice: "198.5",
    marketPrice: "268.00",
    unit: "磅",
    defaultWeight: "2.5",
    stock: "",
    addToCartQty: "1",
    maxPerMember: "4",
    targetBuyers: "15",
    isPublished: "on",
    ageRestricted: undefined,
    categoryId: "3",
    subcategoryId: "7",
    brandId: "",
    merchantId: "2",
    "images[0]": "/uploads/products/abc-1280w.webp",
    "images[1]": "https://cdn.example.hk/products/def-640w.webp",
    ...changes,
  };
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

function parse(changes: Record<string, string | string[] | undefined> = {}) {
  return parseForm(form(changes), productSchema);
}

/** The first message per field of a refused form. */
function errors(changes: Record<string, string | string[] | undefined>) {
  const submission = parse(changes);
  if (submission.status !== "error") throw new Error(`accepted: ${JSON.stringify(changes)}`);
  return Object.fromEntries(
    Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]]),
  );
}

describe("parseDollars", () => {
  it.each([
    ["12.5", 1_250],
    ["12.50", 1_250],
    ["12", 1_200],
    ["0", 0],
    [".5", 50],
    ["7.", 700],
    ["$1,200.05", 120_005],
    ["HK$ 88", 8_800],
    [" 9.99 ", 999],
    ["-0", 0],
    ["1000000", 100_000_000],
  ])("reads %s as %i cents", (text, cents) => {
    expect(parseDollars(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ["abc", "number"],
    ["", "number"],
    [".", "number"],
    ["1e3", "number"],
    ["12.5.1", "number"],
    ["1,20", "number"],
    ["0x10", "number"],
    ["Infinity", "number"],
    ["-1", "negative"],
    ["-0.01", "negative"],
    ["12.345", "decimals"],
    ["0.001", "decimals"],
    ["1000000.01", "tooLarge"],
    ["99999999999999999999", "tooLarge"],
  ])("refuses %j (%s)", (text, error) => {
    expect(parseDollars(text)).toEqual({ ok: false, error });
  });

  it("writes cents back as the form shows them", () => {
    expect(centsToDollars(1_250)).toBe("12.50");
    expect(centsToDollars(5)).toBe("0.05");
    expect(centsToDollars(100_000_000)).toBe("1000000.00");
  });
});

describe("productSchema", () => {
  it("turns a valid form into the service's input, prices in cents", () => {
    const submission = parse();
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      name: "澳洲和牛西冷",
      nameEn: "Australian Wagyu Striploin",
      slug: null,
      description: "穀飼 MB5，按重量計價。",
      descriptionEn: "Grain-fed MB5, priced by weight.",
      mode: "general",
      priceCents: 23_800,
      gatherPriceCents: 19_850,
      marketPriceCents: 26_800,
      unit: "磅",
      defaultWeight: 2.5,
      stock: null,
      addToCartQty: 1,
      maxPerMember: 4,
      targetBuyers: 15,
      isPublished: true,
      ageRestricted: false,
      categoryId: 3,
      subcategoryId: 7,
      brandId: null,
      merchantId: 2,
      images: ["/uploads/products/abc-1280w.webp", "https://cdn.example.hk/products/def-640w.webp"],
    });
  });

  it("keeps a typed slug, lower-cased", () => {
    const submission = parse({ slug: "Wagyu-Striploin" });
    expect(submission.status === "success" && submission.value.slug).toBe("wagyu-striploin");
  });

  it("prices by the piece with weight 1, whatever weight was left in the form", () => {
    const submission = parse({ unit: "件", defaultWeight: "3" });
    expect(submission.status === "success" && submission.value).toMatchObject({
      unit: "件",
      defaultWeight: 1,
    });
    const blank = parse({ unit: "件", defaultWeight: "" });
    expect(blank.status === "success" && blank.value.defaultWeight).toBe(1);
  });

  it("requires stock for instock and drops the group target there", () => {
    expect(errors({ mode: "instock", stock: "" })).toEqual({ stock: "validation.required" });
    const submission = parse({ mode: "instock", stock: "0", targetBuyers: "15" });
    expect(submission.status === "success" && submission.value).toMatchObject({
      stock: 0,
      targetBuyers: null,
    });
  });

  it("requires a target number of buyers for both group modes", () => {
    expect(errors({ mode: "general", targetBuyers: "" })).toEqual({ targetBuyers: "validation.required" });
    expect(errors({ mode: "limited", targetBuyers: "" })).toEqual({ targetBuyers: "validation.required" });
    expect(errors({ targetBuyers: "0" })).toEqual({ targetBuyers: "admin.validation.atLeastOne" });
  });

  it("requires the name, the mode, the unit, the category and every price", () => {
    expect(
      errors({
        name: "  ",
        mode: "",
        unit: "",
        categoryId: "",
        price: "",
        gatherPrice: "",
        marketPrice: "",
      }),
    ).toEqual({
      name: "validation.required",
      mode: "validation.required",
      unit: "validation.required",
      categoryId: "validation.required",
      price: "validation.required",
      gatherPrice: "validation.required",
      marketPrice: "validation.required",
    });
  });

  it("refuses negative, non-numeric and over-precise prices with their own messages", () => {
    expect(errors({ price: "-5", gatherPrice: "abc", marketPrice: "12.345" })).toEqual({
      price: "admin.validation.negative",
      gatherPrice: "validation.number",
      marketPrice: "admin.validation.moneyDecimals",
    });
    expect(errors({ price: "2000000" })).toEqual({ price: "admin.validation.tooLarge" });
  });

  it("refuses a group price above the original price, but allows them equal", () => {
    expect(errors({ price: "100", gatherPrice: "100.01" })).toEqual({
      gatherPrice: "admin.validation.gatherAbovePrice",
    });
    expect(parse({ price: "100", gatherPrice: "100" }).status).toBe("success");
  });

  it("reports the rules between fields together with other fields' errors", () => {
    expect(
      errors({
        name: "",
        price: "100",
        gatherPrice: "120",
        mode: "instock",
        stock: "",
        unit: "kg",
        defaultWeight: "",
      }),
    ).toEqual({
      name: "validation.required",
      gatherPrice: "admin.validation.gatherAbovePrice",
      stock: "validation.required",
      defaultWeight: "validation.required",
    });
    // A price that cannot be read yet is not compared.
    expect(errors({ price: "abc", gatherPrice: "120" })).toEqual({ price: "validation.number" });
  });

  it("requires a positive weight of at most three decimals for weight units", () => {
    expect(errors({ unit: "斤", defaultWeight: "" })).toEqual({ defaultWeight: "validation.required" });
    expect(errors({ defaultWeight: "0" })).toEqual({ defaultWeight: "admin.validation.weight" });
    expect(errors({ defaultWeight: "-1" })).toEqual({ defaultWeight: "admin.validation.weight" });
    expect(errors({ defaultWeight: "1.2345" })).toEqual({ defaultWeight: "admin.validation.weight" });
    expect(errors({ defaultWeight: "heavy" })).toEqual({ defaultWeight: "validation.number" });
    expect(errors({ defaultWeight: "100000" })).toEqual({ defaultWeight: "admin.validation.tooLarge" });
    const submission = parse({ unit: "kg", defaultWeight: "0.125" });
    expect(submission.status === "success" && submission.value.defaultWeight).toBe(0.125);
  });

  it("refuses units and modes outside the list", () => {
    expect(errors({ unit: "箱" })).toEqual({ unit: "validation.required" });
    expect(errors({ mode: "auction" })).toEqual({ mode: "validation.required" });
  });

  it("refuses negative, fractional and non-numeric quantities", () => {
    expect(errors({ stock: "-1" })).toEqual({ stock: "admin.validation.negative" });
    expect(errors({ stock: "1.5" })).toEqual({ stock: "admin.validation.wholeNumber" });
    expect(errors({ stock: "many" })).toEqual({ stock: "validation.number" });
    expect(errors({ stock: "2000000" })).toEqual({ stock: "admin.validation.tooLarge" });
    expect(errors({ addToCartQty: "0" })).toEqual({ addToCartQty: "admin.validation.atLeastOne" });
    expect(errors({ maxPerMember: "0" })).toEqual({ maxPerMember: "admin.validation.atLeastOne" });
    expect(errors({ targetBuyers: "2.5" })).toEqual({ targetBuyers: "admin.validation.wholeNumber" });
  });

  it("refuses a per-member limit below the quantity one click adds", () => {
    expect(errors({ addToCartQty: "3", maxPerMember: "2" })).toEqual({
      maxPerMember: "admin.validation.maxBelowAddQty",
    });
    expect(parse({ addToCartQty: "3", maxPerMember: "" }).status).toBe("success");
  });

  it("refuses a malformed slug, ids that cannot be records and too long text", () => {
    expect(errors({ slug: "和牛 西冷" })).toEqual({ slug: "admin.validation.slug" });
    expect(errors({ categoryId: "beef", brandId: "-2", merchantId: "1.5" })).toEqual({
      categoryId: "validation.required",
      brandId: "validation.required",
      merchantId: "validation.required",
    });
    expect(errors({ name: "牛".repeat(101) })).toEqual({ name: "validation.tooLong" });
  });

  it("refuses picture addresses that are not uploads or https, and too many pictures", () => {
    expect(errors({ "images[0]": "javascript:alert(1)", "images[1]": "http://example.com/a.webp" })).toEqual({
      "images[0]": "admin.validation.imageAddress",
      "images[1]": "admin.validation.imageAddress",
    });
    expect(errors({ "images[0]": "/uploads/../../etc/passwd" })).toEqual({
      "images[0]": "admin.validation.imageAddress",
    });
    const many = Object.fromEntries(
      Array.from({ length: PRODUCT_IMAGES_MAX + 1 }, (_, i) => [
        `images[${i}]`,
        `/uploads/products/p${i}.webp`,
      ]),
    );
    expect(errors(many)).toEqual({ images: "admin.validation.imageCount" });
  });

  it("takes no pictures as an empty list", () => {
    const submission = parse({ "images[0]": undefined, "images[1]": undefined });
    expect(submission.status === "success" && submission.value.images).toEqual([]);
  });
});

describe("slugFromName", () => {
  it("prefers the English name, in lower-case words joined by hyphens", () => {
    expect(slugFromName("澳洲和牛西冷", "Australian Wagyu Striploin (MB5)")).toBe(
      "australian-wagyu-striploin-mb5",
    );
    expect(slugFromName("Jamón ibérico 黑毛豬")).toBe("jamon-iberico");
  });

  it("falls back to 'product' when the name has no Latin letters or digits", () => {
    expect(slugFromName("有機菜心")).toBe("product");
    expect(slugFromName("有機菜心", "  ")).toBe("product");
  });

  it("stays short enough for a numbered suffix, cut between words", () => {
    const slug = slugFromName("", "premium ".repeat(20));
    expect(slug.length).toBeLessThanOrEqual(56);
    expect(slug).toMatch(/^premium(-premium)+$/);
  });
});

describe("productListActionSchema", () => {
  const action = (fields: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of fields) data.append(name, value);
    return parseForm(data, productListActionSchema);
  };

  it("reads bulk publishing of several rows and one deletion", () => {
    const bulk = action([
      ["intent", "publish"],
      ["ids", "3"],
      ["ids", "8"],
    ]);
    expect(bulk.status === "success" && bulk.value).toEqual({ intent: "publish", ids: [3, 8] });
    const one = action([
      ["intent", "unpublish"],
      ["ids", "5"],
    ]);
    expect(one.status === "success" && one.value).toEqual({ intent: "unpublish", ids: [5] });
    const remove = action([
      ["intent", "delete"],
      ["id", "5"],
    ]);
    expect(remove.status === "success" && remove.value).toEqual({ intent: "delete", id: 5 });
  });

  it("refuses no rows, bad ids and unknown intents", () => {
    expect(action([["intent", "publish"]]).status).toBe("error");
    expect(
      action([
        ["intent", "publish"],
        ["ids", "1 or 1=1"],
      ]).status,
    ).toBe("error");
    expect(action([["intent", "delete"]]).status).toBe("error");
    expect(
      action([
        ["intent", "truncate"],
        ["id", "1"],
      ]).status,
    ).toBe("error");
  });
});

describe("productFields", () => {
  it("gives Conform the form's HTML constraints", () => {
    const constraint = getZodConstraint(productFields);
    expect(constraint.name).toMatchObject({ required: true });
    expect(constraint.stock).toMatchObject({ required: false });
    expect(constraint.targetBuyers).toMatchObject({ required: false });
    expect(constraint.mode).toMatchObject({ required: true, pattern: "general|limited|instock" });
    expect(constraint.categoryId).toMatchObject({ required: true });
  });
});
