import { describe, expect, it } from "vitest";
import { shareCatalogue } from "~/i18n/catalogue/share.ts";
import { formatHkCutoff } from "../shared/hk-time.ts";
import { formatCents } from "../shared/money.ts";
import {
  productShareUrl,
  type SharedDeal,
  type ShareFormat,
  shareImageVersion,
  shareLines,
  shareSummary,
  shareText,
  whatsappShareHref,
} from "./share.ts";

/** zh-HK's words and formats (the English ones are tested with the catalogue, share-format.test.ts). */
const words: ShareFormat = {
  words: shareCatalogue,
  money: formatCents,
  unit: (unit) => unit,
  cutoff: formatHkCutoff,
};
// 2026-12-03 12:00 UTC is 20:00 on Thursday 3 December in Hong Kong.
const cutoffAt = "2026-12-03T12:00:00.000Z";
const link = "https://gather.hk/all?product=7";

function deal(overrides: Partial<SharedDeal> = {}): SharedDeal {
  return {
    id: 7,
    name: "澳洲和牛西冷扒",
    mode: "limited",
    gatherPriceCents: 19_800,
    unit: "件",
    targetBuyers: 10,
    buyers: 3,
    ...overrides,
  };
}

describe("share text of a deal", () => {
  it("gives name, group price, progress, the Hong Kong cut-off and the link, one a line", () => {
    const text = shareText(shareLines(deal(), cutoffAt, words), link);
    expect(text).toBe(
      [
        "【澳洲和牛西冷扒】",
        "成團價 $198.00",
        "已有 3 人參加，還差 7 人成團",
        "截單：12月3日（星期四）20:00（香港時間）",
        link,
      ].join("\n"),
    );
  });

  it("leaves progress and cut-off out for an instock product (no group)", () => {
    const lines = shareLines(deal({ mode: "instock", targetBuyers: null }), cutoffAt, words);
    expect(lines.progress).toBeNull();
    expect(lines.cutoff).toBeNull();
    expect(shareText(lines, link)).toBe(["【澳洲和牛西冷扒】", "成團價 $198.00", link].join("\n"));
  });

  it("leaves progress out for a group product without a target, and the cut-off without an open cycle", () => {
    const lines = shareLines(deal({ targetBuyers: null }), null, words);
    expect(lines.progress).toBeNull();
    expect(lines.cutoff).toBeNull();
  });

  it("says the group is formed once the target is reached", () => {
    const exact = shareLines(deal({ buyers: 10 }), cutoffAt, words);
    expect(exact.progress).toBe("已有 10 人參加，已經成團！");
    expect(shareLines(deal({ buyers: 14 }), cutoffAt, words).progress).toBe("已有 14 人參加，已經成團！");
    expect(shareText(exact, link)).not.toContain("還差");
  });

  it("invites the first buyer when nobody has joined yet", () => {
    const lines = shareLines(deal({ buyers: 0 }), cutoffAt, words);
    expect(lines.progress).toBe("仲未有人參加，還差 10 人成團，快啲做第一個！");
  });

  it("prices weighed products per unit", () => {
    expect(shareLines(deal({ mode: "general", unit: "磅" }), cutoffAt, words).price).toBe(
      "成團價 $198.00／磅",
    );
  });

  it("sums price, progress and cut-off on one line for the preview", () => {
    expect(shareSummary(shareLines(deal(), cutoffAt, words))).toBe(
      "成團價 $198.00｜已有 3 人參加，還差 7 人成團｜截單：12月3日（星期四）20:00（香港時間）",
    );
  });
});

describe("share links", () => {
  it("opens WhatsApp with the whole text encoded", () => {
    const href = whatsappShareHref("【和牛】\n已有 3 人參加\nhttps://gather.hk/all?product=7&ref=KQMZTRWA");
    expect(href.startsWith("https://wa.me/?text=")).toBe(true);
    expect(decodeURIComponent(href.slice("https://wa.me/?text=".length))).toBe(
      "【和牛】\n已有 3 人參加\nhttps://gather.hk/all?product=7&ref=KQMZTRWA",
    );
  });

  it("links the product, with a member's referral code when there is one", () => {
    expect(productShareUrl("https://gather.hk/", 7)).toBe("https://gather.hk/all?product=7");
    expect(productShareUrl("https://gather.hk", 7, "KQMZTRWA")).toBe(
      "https://gather.hk/all?product=7&ref=KQMZTRWA",
    );
    // Never a phone number (DESIGN §4.11: links are pasted into WhatsApp groups), nor anything else.
    expect(productShareUrl("https://gather.hk", 7, "91234567")).toBe("https://gather.hk/all?product=7");
    expect(productShareUrl("https://gather.hk", 7, "not-a-code")).toBe("https://gather.hk/all?product=7");
  });

  it("versions the picture by what it shows: another buyer gives another version", () => {
    const three = shareImageVersion([7, 3, 10, 19_800, cutoffAt]);
    expect(shareImageVersion([7, 3, 10, 19_800, cutoffAt])).toBe(three);
    expect(shareImageVersion([7, 4, 10, 19_800, cutoffAt])).not.toBe(three);
    expect(three).toMatch(/^[0-9a-z]+$/);
  });
});
