import { describe, expect, it } from "vitest";
import { displayWhatsapp, escapeHtml, renderReplyEmail, textToHtml } from "./enquiry-reply.ts";

const letter = {
  greeting: "陳大文 你好：",
  reply: "多謝你的查詢。\n星期六照常開放。",
  quote: { label: "你於 2024年5月1日 10:00 的訊息：", text: "星期六開唔開？" },
  shopName: "齊齊買",
  footer: ["客服 WhatsApp：+852 9123 4567"],
  supportUrl: "https://wa.me/85291234567",
};

describe("escapeHtml and textToHtml", () => {
  it("escapes the five characters that matter in HTML text and attributes", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });

  it("keeps line breaks of plain text", () => {
    expect(textToHtml("a\r\nb\nc")).toBe("a<br>\nb<br>\nc");
  });
});

describe("renderReplyEmail", () => {
  it("has the reply, the quoted message and a footer with the shop name and support contact in both parts", () => {
    const { text, html } = renderReplyEmail(letter);
    expect(text).toContain("陳大文 你好：\n\n多謝你的查詢。\n星期六照常開放。");
    expect(text).toContain("> 星期六開唔開？");
    expect(text.trimEnd().endsWith("齊齊買\n客服 WhatsApp：+852 9123 4567")).toBe(true);
    expect(html).toContain("多謝你的查詢。<br>\n星期六照常開放。");
    expect(html).toContain("<strong>齊齊買</strong>");
    expect(html).toContain("客服 WhatsApp：+852 9123 4567");
    expect(html).toContain('href="https://wa.me/85291234567"');
  });

  it("shows script in the reply or the customer's message as text, never as markup", () => {
    const attack = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const { html, text } = renderReplyEmail({
      ...letter,
      reply: attack,
      quote: { label: "你的訊息：", text: attack },
      greeting: `${attack} 你好：`,
    });
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    // The plain-text part is text: it keeps what was typed.
    expect(text).toContain(attack);
  });
});

describe("a letter without a quote (the shop's own news)", () => {
  it("has no quote block in either part", () => {
    const { text, html } = renderReplyEmail({ ...letter, quote: undefined });
    expect(text).not.toContain(">");
    expect(text).toContain("陳大文 你好：\n\n多謝你的查詢。\n星期六照常開放。\n\n——\n齊齊買");
    expect(html).not.toContain("<blockquote");
  });
});

describe("displayWhatsapp", () => {
  it("writes a Hong Kong number the local way and others with their country code", () => {
    expect(displayWhatsapp("85291234567")).toBe("+852 9123 4567");
    expect(displayWhatsapp("8613800138000")).toBe("+8613800138000");
  });
});
