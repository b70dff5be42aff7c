/**
 * The reply an admin sends from /admin/feedback as an email (DESIGN §5: an HTML and a plain-text
 * part, the shop name and support contact in the footer). Every piece of text, the admin's reply
 * and the customer's own message included, is escaped before it goes into the HTML part.
 */

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** Plain text as HTML: escaped, line breaks kept. */
export function textToHtml(text: string): string {
  return escapeHtml(text.replace(/\r\n?/g, "\n")).replace(/\n/g, "<br>\n");
}

/** "85291234567" (how settings keep the WhatsApp number) as "+852 9123 4567"; other numbers as "+digits". */
export function displayWhatsapp(number: string): string {
  const digits = number.replace(/\D/g, "");
  const hk = /^852(\d{4})(\d{4})$/.exec(digits);
  return hk ? `+852 ${hk[1]} ${hk[2]}` : `+${digits}`;
}

export interface ReplyLetter {
  /** Already worded in the reader's language, e.g. "陳大文 你好：". */
  greeting: string;
  reply: string;
  /** The customer's message, quoted under the reply so they know what it answers (none for the shop's own news). */
  quote?: { label: string; text: string };
  shopName: string;
  /** Footer lines under the shop name, e.g. the support WhatsApp number. */
  footer: string[];
  /** The support chat link shown in the HTML footer. */
  supportUrl: string;
  /** The language it is worded in (issue 48): the email's `<html lang>`; zh-HK when not said. */
  lang?: "zh-HK" | "en";
}

export function renderReplyEmail(letter: ReplyLetter): { text: string; html: string } {
  const text = [
    letter.greeting,
    "",
    letter.reply,
    "",
    ...(letter.quote
      ? ["——", letter.quote.label, ...letter.quote.text.split(/\r\n?|\n/).map((line) => `> ${line}`), ""]
      : []),
    "——",
    letter.shopName,
    ...letter.footer,
  ].join("\n");

  const html = `<!doctype html>
<html lang="${letter.lang ?? "zh-HK"}">
<head><meta charset="utf-8"><title>${escapeHtml(letter.shopName)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f4;font-family:'Noto Sans HK','PingFang HK','Microsoft JhengHei',sans-serif;color:#1c1917;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f4;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;">
<tr><td style="background:#6b3f1d;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold;border-radius:12px 12px 0 0;">${escapeHtml(letter.shopName)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.7;">
<p style="margin:0 0 16px;">${escapeHtml(letter.greeting)}</p>
<p style="margin:0 0 24px;">${textToHtml(letter.reply)}</p>${
    letter.quote
      ? `
<p style="margin:0 0 4px;font-size:13px;color:#57534e;">${escapeHtml(letter.quote.label)}</p>
<blockquote style="margin:0;padding:8px 12px;border-left:3px solid #d6d3d1;font-size:14px;color:#57534e;">${textToHtml(letter.quote.text)}</blockquote>`
      : ""
  }
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e7e5e4;font-size:13px;line-height:1.6;color:#57534e;">
<strong>${escapeHtml(letter.shopName)}</strong><br>
${letter.footer.map(escapeHtml).join("<br>\n")}<br>
<a href="${escapeHtml(letter.supportUrl)}" style="color:#6b3f1d;">${escapeHtml(letter.supportUrl)}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { text, html };
}
