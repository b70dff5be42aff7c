import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { parseForm } from "../../web/form-parse.ts";
import { isImageAddress, isRecordId, parseRecordId } from "../shared/record-fields.ts";
import {
  brandSchema,
  categoryCreateSchema,
  categoryIntentOf,
  categoryReorderSchema,
  categoryUpdateSchema,
  merchantSchema,
  recordDeleteSchema,
} from "./admin-catalogue.schema.ts";

/** The schemas as the action meets them: form fields, all text, empty ones left out by Conform. */
function submit<Schema extends z.ZodType>(schema: Schema, fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseForm(formData, schema);
}

function errorsOf(submission: ReturnType<typeof submit<z.ZodType>>) {
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

describe("categoryCreateSchema", () => {
  it("reads a top-level category and a subcategory with its parent's id", () => {
    const top = submit(categoryCreateSchema, { name: " 海鮮 ", slug: "Seafood", description: "" });
    expect(top.status).toBe("success");
    expect(top.status === "success" && top.value).toEqual({ name: "海鮮", slug: "seafood" });
    const child = submit(categoryCreateSchema, { name: "蝦", slug: "prawns", parentId: "7" });
    expect(child.status === "success" && child.value.parentId).toBe(7);
  });

  it("needs a name and an address name made of lower-case letters, digits and hyphens", () => {
    const errors = errorsOf(submit(categoryCreateSchema, { name: "  ", slug: "牛肉" }));
    expect(errors.name).toEqual(["validation.required"]);
    expect(errors.slug).toEqual(["admin.validation.slug"]);
    for (const bad of ["beef steaks", "-beef", "beef-", "beef--steak", "beef/steak", "beef?x=1"]) {
      expect(errorsOf(submit(categoryCreateSchema, { name: "牛", slug: bad })).slug, bad).toEqual([
        "admin.validation.slug",
      ]);
    }
    expect(errorsOf(submit(categoryCreateSchema, { name: "牛", slug: "" })).slug).toEqual([
      "validation.required",
    ]);
  });

  it("refuses names too long for the side menu and parents that are not ids", () => {
    const errors = errorsOf(
      submit(categoryCreateSchema, { name: "牛".repeat(31), slug: "beef", parentId: "1 or 1=1" }),
    );
    expect(errors.name).toEqual(["validation.tooLong"]);
    expect(errors.parentId).toBeDefined();
    expect(
      errorsOf(submit(categoryCreateSchema, { name: "牛", slug: "beef", parentId: "-3" })).parentId,
    ).toEqual(["validation.required"]);
  });

  it("takes an uploaded image or an https address, nothing else", () => {
    expect(
      submit(categoryCreateSchema, { name: "牛", slug: "beef", image: "/uploads/categories/a.webp" }).status,
    ).toBe("success");
    for (const bad of ["javascript:alert(1)", "http://evil.example/a.png", "//evil.example/a.png", "a.png"]) {
      expect(
        errorsOf(submit(categoryCreateSchema, { name: "牛", slug: "beef", image: bad })).image,
        bad,
      ).toEqual(["admin.validation.imageAddress"]);
    }
  });
});

describe("categoryUpdateSchema and the small category forms", () => {
  it("needs the id of the category being edited", () => {
    expect(errorsOf(submit(categoryUpdateSchema, { name: "牛", slug: "beef" })).id).toEqual([
      "validation.required",
    ]);
    const ok = submit(categoryUpdateSchema, { id: "3", name: "牛", slug: "beef", parentId: "2" });
    expect(ok.status === "success" && ok.value).toMatchObject({ id: 3, parentId: 2 });
  });

  it("moves up or down only", () => {
    expect(submit(categoryReorderSchema, { id: "3", direction: "up" }).status).toBe("success");
    expect(
      errorsOf(submit(categoryReorderSchema, { id: "3", direction: "sideways" })).direction,
    ).toBeDefined();
    expect(errorsOf(submit(recordDeleteSchema, { id: "abc" })).id).toBeDefined();
  });

  it("knows the intents of the page and nothing else", () => {
    expect(categoryIntentOf("create")).toBe("create");
    expect(categoryIntentOf("reorder")).toBe("reorder");
    expect(categoryIntentOf("drop")).toBeNull();
    expect(categoryIntentOf(null)).toBeNull();
  });
});

describe("merchantSchema", () => {
  it("reads a merchant with its ticks", () => {
    const submission = submit(merchantSchema, {
      name: "新記肉食",
      slug: "san-kee",
      address: "九龍旺角彌敦道1號",
      freeDelivery: "on",
      logo: "/uploads/merchants/x-800.webp",
    });
    expect(submission.status === "success" && submission.value).toEqual({
      name: "新記肉食",
      slug: "san-kee",
      address: "九龍旺角彌敦道1號",
      logo: "/uploads/merchants/x-800.webp",
      freeDelivery: true,
      featured: false,
    });
  });

  it("refuses an empty name and a bad address name", () => {
    const errors = errorsOf(submit(merchantSchema, { name: "", slug: "San Kee!" }));
    expect(errors.name).toEqual(["validation.required"]);
    expect(errors.slug).toEqual(["admin.validation.slug"]);
  });
});

describe("brandSchema", () => {
  it("reads a brand, its position defaulting to 0", () => {
    const submission = submit(brandSchema, { name: "和牛屋", slug: "wagyu-ya", isMeat: "on" });
    expect(submission.status === "success" && submission.value).toEqual({
      name: "和牛屋",
      slug: "wagyu-ya",
      isMeat: true,
      position: 0,
    });
  });

  it("needs a whole, non-negative position", () => {
    expect(errorsOf(submit(brandSchema, { name: "A", slug: "a", position: "abc" })).position).toEqual([
      "validation.number",
    ]);
    expect(errorsOf(submit(brandSchema, { name: "A", slug: "a", position: "-1" })).position).toEqual([
      "admin.validation.position",
    ]);
    expect(errorsOf(submit(brandSchema, { name: "A", slug: "a", position: "1.5" })).position).toEqual([
      "validation.number",
    ]);
    expect(errorsOf(submit(brandSchema, { name: "A", slug: "a", position: "10000" })).position).toEqual([
      "admin.validation.position",
    ]);
  });
});

describe("parseRecordId and isImageAddress", () => {
  it("reads ids from addresses and refuses anything else", () => {
    expect(parseRecordId("12")).toBe(12);
    for (const bad of [undefined, null, "0", "012", "-1", "1.5", "abc", "99999999999", "2147483648"]) {
      expect(parseRecordId(bad), String(bad)).toBeNull();
    }
    expect(parseRecordId("2147483647")).toBe(2_147_483_647);
  });

  it("takes as a row id only a whole number the id column holds", () => {
    expect(isRecordId(1)).toBe(true);
    expect(isRecordId(2_147_483_647)).toBe(true);
    for (const bad of [0, -1, 1.5, 2_147_483_648, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isRecordId(bad), String(bad)).toBe(false);
    }
  });

  it("accepts site paths and https addresses", () => {
    expect(isImageAddress("/uploads/demo/brands/a-800.webp")).toBe(true);
    expect(isImageAddress("https://cdn.example.com/a.webp")).toBe(true);
    expect(isImageAddress("/uploads/../secret")).toBe(false);
    expect(isImageAddress("/uploads/a b.png")).toBe(false);
    expect(isImageAddress("data:image/png;base64,AAAA")).toBe(false);
  });
});
