import { describe, expect, it } from "vitest";
import { i18nIn } from "./messages.server.ts";
import { missingLinesIn, pickupQuantity } from "./pickup-quantity.ts";

const lines = [
  {
    name: "黑毛豬腩",
    nameEn: "Black pork belly",
    quantity: 1,
    unit: "磅",
    defaultWeight: 2.5,
    actualWeight: null,
  },
  { name: "雞翼", nameEn: " ", quantity: 2, unit: "件", defaultWeight: 1, actualWeight: null },
  { name: "牛腩", quantity: 1, unit: "斤", defaultWeight: 1, actualWeight: 1.26 },
];

describe("missing lines in a credit notice", () => {
  it("read as the pickup desk shows them in zh-HK", () => {
    expect(missingLinesIn(i18nIn("zh-HK"), lines)).toBe(
      lines.map((line) => `${line.name} ${pickupQuantity(line)}`).join("、"),
    );
    expect(missingLinesIn(i18nIn("zh-HK"), lines)).toBe(
      "黑毛豬腩 1 件（約 2.5 磅）、雞翼 2 件、牛腩 1 件（1.26 斤）",
    );
  });

  it("read in English units, plurals and names (the Chinese where a line has none) for a member who reads English (issue 48)", () => {
    expect(missingLinesIn(i18nIn("en"), lines)).toBe(
      "Black pork belly 1 pc (about 2.5 lb), 雞翼 2 pcs, 牛腩 1 pc (1.26 catties)",
    );
  });
});
