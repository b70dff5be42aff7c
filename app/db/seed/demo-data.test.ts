import { describe, expect, it } from "vitest";
import { demoCategories } from "./demo-data.ts";
import { demoProducts } from "./demo-products.ts";

const han = /\p{Script=Han}/u;

/** Issue 48 item 2: the demo shop reads as well in English as in Chinese (no lacking-English reminder). */
describe("the demo shop in English", () => {
  it("gives every product an English name and description, with no Chinese left in them", () => {
    for (const product of demoProducts) {
      for (const text of [product.nameEn, product.descriptionEn]) {
        expect(text.trim(), product.slug).not.toBe("");
        expect(han.test(text), `${product.slug}: ${text}`).toBe(false);
      }
    }
  });

  it("gives every category and subcategory an English name and description", () => {
    for (const category of demoCategories) {
      expect(category.nameEn.trim(), category.slug).not.toBe("");
      expect(category.descriptionEn.trim(), category.slug).not.toBe("");
      for (const sub of category.subCats) expect(sub.nameEn.trim(), sub.slug).not.toBe("");
    }
  });
});
