import { describe, expect, it } from "vitest";
import { allInLanguage, inLanguage } from "./content-language.ts";

describe("inLanguage", () => {
  const category = { id: 1, name: "牛肉", nameEn: "Beef", description: "澳洲直送", descriptionEn: "" };

  it("gives an English page the English text, and the Chinese marked zh-HK where there is none", () => {
    expect(inLanguage(category, ["name", "description"], true)).toEqual({
      id: 1,
      name: "Beef",
      description: "澳洲直送",
      descriptionLang: "zh-HK",
    });
  });

  it("gives a zh-HK page the Chinese, unmarked, and sends no English on", () => {
    expect(inLanguage(category, ["name", "description"], false)).toEqual({
      id: 1,
      name: "牛肉",
      description: "澳洲直送",
    });
  });

  it("counts blank English as missing, trims what there is, and leaves an empty Chinese text unmarked", () => {
    const banner = { title: "聖誕", titleEn: "  ", subtitle: null, subtitleEn: "", href: "/all" };
    expect(inLanguage(banner, ["title", "subtitle"], true)).toEqual({
      title: "聖誕",
      titleLang: "zh-HK",
      subtitle: null,
      href: "/all",
    });
    expect(inLanguage({ name: "菜心", nameEn: " Choy Sum " }, ["name"], true)).toEqual({ name: "Choy Sum" });
  });

  it("takes a list", () => {
    const brands = [
      { name: "田園鮮", nameEn: "Farm Fresh" },
      { name: "海港急凍", nameEn: "" },
    ];
    expect(allInLanguage(brands, ["name"], true)).toEqual([
      { name: "Farm Fresh" },
      { name: "海港急凍", nameLang: "zh-HK" },
    ]);
  });
});
