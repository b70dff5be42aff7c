import { describe, expect, it } from "vitest";
import { bannerSchemas, bannerValues, isBannerLink } from "./admin-banner.schema.ts";

function errorsOf(kind: keyof typeof bannerSchemas, input: Record<string, unknown>) {
  const result = bannerSchemas[kind].safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

const carousel = {
  title: "聖誕團購節",
  titleEn: "Christmas Group-Buy Festival",
  subtitle: "結帳輸入優惠碼 XMAS2022",
  href: "/all",
  imageDesktop: "/uploads/banners/xmas-1280w.webp",
  imageMobile: "/uploads/banners/xmas-m-640w.webp",
  position: 2,
  active: true,
};

describe("banner links", () => {
  it("takes a page of the shop or an http(s) address", () => {
    for (const link of [
      "/referral",
      "/product?cat=beef&subcat=wagyu",
      "https://example.com/x",
      "http://a.hk",
    ]) {
      expect(isBannerLink(link), link).toBe(true);
    }
    for (const link of [
      "//evil.example",
      "javascript:alert(1)",
      "referral",
      "/a b",
      "/\\evil",
      "ftp://x.hk",
    ]) {
      expect(isBannerLink(link), link).toBe(false);
    }
  });
});

describe("banner schemas", () => {
  it("saves a carousel slide with both pictures", () => {
    const value = bannerSchemas.carousel.parse(carousel);
    expect(bannerValues("carousel", value)).toEqual({
      title: "聖誕團購節",
      titleEn: "Christmas Group-Buy Festival",
      subtitle: "結帳輸入優惠碼 XMAS2022",
      subtitleEn: "",
      href: "/all",
      imageDesktop: "/uploads/banners/xmas-1280w.webp",
      imageMobile: "/uploads/banners/xmas-m-640w.webp",
      position: 2,
      active: true,
    });
  });

  it("uses the popup's one picture for both sizes, and leaves a top line without pictures", () => {
    const popup = bannerSchemas.popup.parse({ title: "新會員", image: "/uploads/banners/p-640w.webp" });
    expect(bannerValues("popup", popup)).toEqual({
      title: "新會員",
      titleEn: "",
      subtitle: null,
      subtitleEn: "",
      href: null,
      imageDesktop: "/uploads/banners/p-640w.webp",
      imageMobile: "/uploads/banners/p-640w.webp",
      position: 0,
      active: false,
    });
    const top = bannerSchemas.top.parse({ title: "全場九折", href: "/all", active: true, position: 1 });
    expect(bannerValues("top", top)).toMatchObject({ imageDesktop: null, imageMobile: null, subtitle: null });
  });

  it("names each bad field with a catalogue key", () => {
    expect(
      errorsOf("carousel", {
        ...carousel,
        title: " ",
        href: "//evil.example",
        imageDesktop: undefined,
        imageMobile: "javascript:alert(1)",
        position: -1,
      }),
    ).toEqual({
      title: "validation.required",
      href: "admin.validation.bannerLink",
      imageDesktop: "admin.validation.bannerImage",
      imageMobile: "admin.validation.imageAddress",
      position: "admin.validation.position",
    });
    expect(errorsOf("popup", { title: "彈出", image: undefined })).toEqual({
      image: "admin.validation.bannerImage",
    });
    expect(errorsOf("top", { title: "長".repeat(81) })).toEqual({ title: "validation.tooLong" });
  });
});
