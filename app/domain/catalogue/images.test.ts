import { describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, isImageFolder, srcSetFor, variantName, variantWidths } from "./images.ts";

describe("variantWidths", () => {
  it("writes every width for a picture at least as wide as the widest", () => {
    expect(variantWidths(4032)).toEqual([...IMAGE_WIDTHS]);
    expect(variantWidths(1280)).toEqual([320, 640, 960, 1280]);
  });

  it("never upscales: stops at the original width, which becomes the widest file", () => {
    expect(variantWidths(800)).toEqual([320, 640, 800]);
    expect(variantWidths(640)).toEqual([320, 640]);
    expect(variantWidths(321)).toEqual([320, 321]);
  });

  it("keeps a picture narrower than the narrowest width at its own size", () => {
    expect(variantWidths(200)).toEqual([200]);
    expect(variantWidths(1)).toEqual([1]);
  });
});

describe("srcSetFor", () => {
  it("lists every variant written beside the widest one", () => {
    expect(srcSetFor("/uploads/products/ab12-1280w.webp")).toBe(
      "/uploads/products/ab12-320w.webp 320w, /uploads/products/ab12-640w.webp 640w, " +
        "/uploads/products/ab12-960w.webp 960w, /uploads/products/ab12-1280w.webp 1280w",
    );
  });

  it("stops at the original width of a narrower picture", () => {
    expect(srcSetFor("https://cdn.example.com/brands/x9-800w.webp")).toBe(
      "https://cdn.example.com/brands/x9-320w.webp 320w, https://cdn.example.com/brands/x9-640w.webp 640w, " +
        "https://cdn.example.com/brands/x9-800w.webp 800w",
    );
    expect(srcSetFor("/uploads/demo/merchants/farm-3f2a-320w.webp")).toBe(
      "/uploads/demo/merchants/farm-3f2a-320w.webp 320w",
    );
  });

  it("keeps a wider file's own width (pictures stored before the widths were capped)", () => {
    expect(srcSetFor("/uploads/demo/banners/xmas-1440w.webp").split(", ").at(-1)).toBe(
      "/uploads/demo/banners/xmas-1440w.webp 1440w",
    );
  });

  it("gives back any other URL as it is", () => {
    expect(srcSetFor("/images/logo.png")).toBe("/images/logo.png");
    expect(srcSetFor("/uploads/a-1280w.jpg")).toBe("/uploads/a-1280w.jpg");
    expect(srcSetFor("/uploads/a-0w.webp")).toBe("/uploads/a-0w.webp");
  });

  it("names variants the way srcSetFor reads them", () => {
    const url = `/uploads/products/${variantName("k3", 960)}`;
    expect(srcSetFor(url).split(", ").at(-1)).toBe(`${url} 960w`);
  });
});

describe("isImageFolder", () => {
  it("accepts the known folders only", () => {
    expect(isImageFolder("products")).toBe(true);
    expect(isImageFolder("banners")).toBe(true);
    expect(isImageFolder("../etc")).toBe(false);
    expect(isImageFolder(undefined)).toBe(false);
  });
});
