import { describe, expect, it } from "vitest";
import { type SharedDeal, shareLines, shareText } from "~/domain/catalogue/share.ts";
import { i18nIn } from "./messages.server.ts";
import { shareFormatOf } from "./share-format.ts";

/** Issue 48 item 4: a deal shared from an English page is told in English, with HK English formats. */
const deal: SharedDeal = {
  id: 7,
  name: "Australian Wagyu Sirloin",
  mode: "limited",
  gatherPriceCents: 19_800,
  unit: "磅",
  targetBuyers: 10,
  buyers: 8,
};
// 2026-12-03 12:00 UTC is 20:00 on Thursday 3 December in Hong Kong.
const cutoffAt = "2026-12-03T12:00:00.000Z";

describe("a shared deal's words", () => {
  it("are English on an English page: HK$, lb, the cut-off as Hong Kong English writes it", () => {
    const text = shareText(
      shareLines(deal, cutoffAt, shareFormatOf(i18nIn("en"))),
      "https://gather.hk/en/all?product=7",
    );
    expect(text).toBe(
      [
        "【Australian Wagyu Sirloin】",
        "Group price HK$198.00/lb",
        "8 joined, 2 more to reach the group price",
        "Closes: Thu 3 Dec, 20:00 (Hong Kong time)",
        "https://gather.hk/en/all?product=7",
      ].join("\n"),
    );
  });

  it("stay as they were on a zh-HK page", () => {
    const lines = shareLines(deal, cutoffAt, shareFormatOf(i18nIn("zh-HK")));
    expect(lines.price).toBe("成團價 $198.00／磅");
    expect(lines.progress).toBe("已有 8 人參加，還差 2 人成團");
    expect(lines.cutoff).toBe("截單：12月3日（星期四）20:00（香港時間）");
  });
});
