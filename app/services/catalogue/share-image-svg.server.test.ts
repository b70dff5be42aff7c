import { describe, expect, it } from "vitest";
import { escapeXml, productSvg, wrapText } from "./share-image-svg.server.ts";

describe("share picture text", () => {
  it("wraps Chinese anywhere and ends a cut line with an ellipsis", () => {
    const lines = wrapText("澳洲和牛西冷扒特級穀飼厚切兩件裝約五百克", 50, 400, 2);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe("澳洲和牛西冷扒特");
    expect(lines[1]?.endsWith("…")).toBe(true);
  });

  it("keeps a short text on one line and Latin words whole", () => {
    expect(wrapText("成團價 $198.00", 52, 470, 2)).toEqual(["成團價 $198.00"]);
    const lines = wrapText("Australian Wagyu Sirloin steak", 48, 470, 3);
    expect(lines.every((line) => !line.startsWith(" ") && !line.endsWith(" "))).toBe(true);
    expect(lines.join(" ")).toBe("Australian Wagyu Sirloin steak");
  });

  it("escapes what would break the SVG", () => {
    expect(escapeXml(`<a href="x">&'`)).toBe("&#60;a href=&#34;x&#34;&#62;&#38;&#39;");
    const svg = productSvg({
      shopName: "齊齊買",
      name: "<script>",
      price: "成團價 $1.00",
      progress: null,
      cutoff: null,
      footer: "街坊一齊買",
    });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("Noto Sans CJK HK");
  });
});
