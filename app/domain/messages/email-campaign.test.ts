import { describe, expect, it } from "vitest";
import {
  campaignEmail,
  campaignInLanguage,
  renderCampaignHtml,
  renderCampaignText,
} from "./email-campaign.ts";

const base = "https://shop.example";
const words = {
  reason: "你收到此電郵，因為你同意接收齊齊買的推廣資訊。",
  support: "客戶服務 WhatsApp：5555 5555",
  unsubscribe: "取消訂閱推廣電郵",
};

describe("renderCampaignHtml", () => {
  it("renders Markdown: headings, emphasis, lists, links and pictures with inline styles", () => {
    const html = renderCampaignHtml(
      "# 聖誕優惠\n\n**和牛**八折\n\n- 一\n- 二\n\n[按此](https://shop.example/all)\n\n![和牛](https://cdn.example/a.webp)",
      base,
    );
    expect(html).toContain("<h1 style=");
    expect(html).toContain("<strong>和牛</strong>八折");
    expect(html).toMatch(/<li>一<\/li>\s*<li>二<\/li>/);
    expect(html).toContain('<a href="https://shop.example/all"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('<img src="https://cdn.example/a.webp" alt="和牛"');
  });

  it("shows raw HTML and script as text, never as markup", () => {
    const html = renderCampaignHtml(
      '<script>alert("x")</script>\n\n<img src=x onerror=alert(1)>\n\n<a href="javascript:alert(1)">按</a>',
      base,
    );
    expect(html).not.toMatch(/<script|<img|<a /i);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("keeps javascript:, data: and other links as literal text", () => {
    const html = renderCampaignHtml(
      "[a](javascript:alert(1)) [b](JavaScript:alert(1)) [c](data:text/html,hi) [d](vbscript:x) [e](//evil.example/x) ![f](javascript:alert(1)) ![g](data:image/png;base64,AAAA)",
      base,
    );
    expect(html).not.toContain("<a ");
    expect(html).not.toContain("<img");
    expect(html).not.toMatch(/href=|src=/);
    expect(html).toContain("[a](javascript:alert(1))");
  });

  it("allows http(s) and mailto links and makes /uploads pictures absolute", () => {
    const html = renderCampaignHtml(
      "[web](http://a.example) [mail](mailto:hi@shop.example) ![pic](/uploads/emails/x-640w.webp)",
      base,
    );
    expect(html).toContain('href="http://a.example"');
    expect(html).toContain('href="mailto:hi@shop.example"');
    expect(html).toContain('src="https://shop.example/uploads/emails/x-640w.webp"');
  });

  it("does not let a mailto: address pose as a picture", () => {
    const html = renderCampaignHtml("![相片](mailto:a@b.example)", base);
    expect(html).not.toContain("<img");
    expect(html).toContain("相片");
  });

  it("escapes quotes in addresses, so an attribute cannot be broken out of", () => {
    const html = renderCampaignHtml('[x](https://a.example/"onmouseover="alert(1))', base);
    expect(html).not.toContain('"onmouseover="');
  });
});

describe("renderCampaignText", () => {
  it("turns the body into readable plain text with link addresses", () => {
    const text = renderCampaignText(
      "# 標題\n\n文字 [按此](https://a.example) https://b.example\n\n- 一\n- 二\n\n1. 甲\n2. 乙\n\n> 引用\n> 下一行\n\n![圖](/uploads/a.webp)",
      base,
    );
    expect(text).toBe(
      [
        "標題",
        "",
        "文字 按此 (https://a.example) https://b.example",
        "",
        "- 一",
        "- 二",
        "",
        "1. 甲",
        "2. 乙",
        "",
        "> 引用",
        "> 下一行",
        "",
        "圖 (https://shop.example/uploads/a.webp)",
      ].join("\n"),
    );
  });
});

describe("campaignInLanguage", () => {
  const written = {
    subject: "冬日火鍋",
    bodyMarkdown: "內容",
    subjectEn: "Winter hotpot",
    bodyMarkdownEn: "Body",
  };

  it("gives a member who reads English the English campaign, everyone else the zh-HK one", () => {
    expect(campaignInLanguage(written, "en")).toEqual({
      subject: "Winter hotpot",
      bodyMarkdown: "Body",
      lang: "en",
    });
    expect(campaignInLanguage(written, "zh-HK")).toEqual({
      subject: "冬日火鍋",
      bodyMarkdown: "內容",
      lang: "zh-HK",
    });
  });

  it("gives the zh-HK campaign to an English reader when it has no English, or half of one", () => {
    for (const missing of [
      { subjectEn: "", bodyMarkdownEn: "" },
      { bodyMarkdownEn: "  " },
      { subjectEn: "" },
    ]) {
      expect(campaignInLanguage({ ...written, ...missing }, "en").lang).toBe("zh-HK");
    }
  });
});

describe("campaignEmail", () => {
  const email = campaignEmail({
    subject: '<b>"優惠"</b>',
    markdown: "你好 <script>alert(1)</script>",
    shopName: "齊齊買 & <Co>",
    baseUrl: base,
    unsubscribeUrl: "https://shop.example/unsubscribe?token=abc.def.ghi&x=1",
    lang: "zh-HK",
    words: {
      ...words,
      unsubscribeLine: `${words.unsubscribe}：https://shop.example/unsubscribe?token=abc.def.ghi&x=1`,
    },
  });

  it("frames the body with the shop name, the support contact and the unsubscribe link", () => {
    expect(email.html).toContain("齊齊買 &amp; &lt;Co&gt;");
    expect(email.html).toContain(words.reason);
    expect(email.html).toContain(words.support);
    expect(email.html).toContain(
      '<a href="https://shop.example/unsubscribe?token=abc.def.ghi&amp;x=1" target="_blank" rel="noopener noreferrer"',
    );
    expect(email.html).toContain("<title>&lt;b&gt;&quot;優惠&quot;&lt;/b&gt;</title>");
    expect(email.html).toContain('<html lang="zh-HK">');
    expect(email.html).not.toMatch(/<script/i);
  });

  it("has the same in its plain-text part", () => {
    expect(email.text).toContain("齊齊買 & <Co>");
    expect(email.text).toContain(words.support);
    expect(email.text).toContain(
      `${words.unsubscribe}：https://shop.example/unsubscribe?token=abc.def.ghi&x=1`,
    );
  });
});
