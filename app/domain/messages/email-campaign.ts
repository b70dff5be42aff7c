import MarkdownIt, { type Token } from "markdown-it";

/**
 * A campaign email (issue 7 item 3): the admin writes Markdown, every recipient gets the same body
 * as HTML and as plain text, framed by the shop's name and a footer with the support contact and
 * the member's own unsubscribe link. The admin preview renders with these same functions, so what
 * the admin sees is the email that is sent.
 *
 * Safety: raw HTML in the Markdown is shown as text (`html: false`); links may only be http(s) or
 * mailto, pictures only http(s) or this shop's /uploads; anything else stays as literal text.
 */

export const CAMPAIGN_SUBJECT_MAX = 150;
export const CAMPAIGN_BODY_MAX = 50_000;

/** The words of the frame; the caller fills them from the recipient's language's catalogue. */
interface CampaignEmailWords {
  /** Why the member gets this email, e.g. "你收到此電郵，因為你同意接收齊齊買的推廣資訊。" */
  reason: string;
  /** How to reach the shop, e.g. "客戶服務 WhatsApp：5555 5555" */
  support: string;
  /** The unsubscribe link's text. */
  unsubscribe: string;
  /** The plain-text part's unsubscribe line, the address in it: 「取消訂閱推廣電郵：https://…」. */
  unsubscribeLine: string;
}

export type CampaignLanguage = "zh-HK" | "en";

/** A campaign's words as the admin wrote them, in zh-HK and (optionally) in English. */
export interface CampaignTexts {
  subject: string;
  bodyMarkdown: string;
  subjectEn: string;
  bodyMarkdownEn: string;
}

/**
 * What a member reads (issue 48): a member who reads English gets the English subject and body
 * when the admin wrote both; everyone else, and an English reader of a campaign written in Chinese
 * only, gets the zh-HK ones. `lang` is the language of what was chosen.
 */
export function campaignInLanguage(
  campaign: CampaignTexts,
  reader: CampaignLanguage,
): { subject: string; bodyMarkdown: string; lang: CampaignLanguage } {
  if (reader === "en" && campaign.subjectEn.trim() && campaign.bodyMarkdownEn.trim())
    return { subject: campaign.subjectEn, bodyMarkdown: campaign.bodyMarkdownEn, lang: "en" };
  return { subject: campaign.subject, bodyMarkdown: campaign.bodyMarkdown, lang: "zh-HK" };
}

export interface CampaignEmailInput {
  subject: string;
  markdown: string;
  /** The language of the subject, body and frame words: the email's `<html lang>`. */
  lang: CampaignLanguage;
  shopName: string;
  /** The shop's public address without a trailing slash: /uploads pictures become absolute with it. */
  baseUrl: string;
  unsubscribeUrl: string;
  words: CampaignEmailWords;
}

const LINK = /^(https?:\/\/|mailto:)/i;
const PICTURE = /^(https?:\/\/|\/uploads\/)/i;

const md = new MarkdownIt({ html: false, linkify: true, breaks: true });
// Called for links and pictures alike; the stricter per-kind rules are applied in `applyEmailRules`.
md.validateLink = (url) => LINK.test(url.trim()) || PICTURE.test(url.trim());

const ink = "#1c1917";
const brand = "#6b3f1d";
const inlineStyles: Record<string, string> = {
  p: "margin:0 0 16px;line-height:1.7",
  h1: `margin:0 0 16px;font-size:24px;line-height:1.3;color:${brand}`,
  h2: `margin:24px 0 12px;font-size:20px;line-height:1.35;color:${brand}`,
  h3: "margin:20px 0 8px;font-size:17px;line-height:1.4",
  h4: "margin:16px 0 8px;font-size:16px",
  h5: "margin:16px 0 8px;font-size:15px",
  h6: "margin:16px 0 8px;font-size:14px",
  ul: "margin:0 0 16px;padding-left:24px;line-height:1.7",
  ol: "margin:0 0 16px;padding-left:24px;line-height:1.7",
  blockquote: "margin:0 0 16px;padding:4px 16px;border-left:4px solid #e6cbb0;color:#57534e",
  a: `color:${brand};text-decoration:underline`,
  img: "display:block;max-width:100%;height:auto;margin:0 auto 16px;border:0",
  hr: "border:0;border-top:1px solid #e7e5e4;margin:24px 0",
  code: "font-family:Menlo,Consolas,monospace;background:#f5f5f4;padding:1px 4px;border-radius:4px",
  pre: "background:#f5f5f4;padding:12px;border-radius:8px;overflow:auto;margin:0 0 16px",
  table: "border-collapse:collapse;margin:0 0 16px;width:100%",
  th: "border:1px solid #e7e5e4;padding:6px 8px;text-align:left;background:#fbf6f1",
  td: "border:1px solid #e7e5e4;padding:6px 8px",
};

function attr(token: Token, name: string): string {
  return String(token.attrGet(name) ?? "");
}

/** Absolute address for a link or picture: this shop's own paths get the public base. */
function absolute(url: string, baseUrl: string): string {
  return url.startsWith("/") ? `${baseUrl}${url}` : url;
}

/** Inline styles (many mail apps drop <style>), absolute addresses and the per-kind URL rules. */
function applyEmailRules(tokens: Token[], baseUrl: string): void {
  for (const token of tokens) {
    if (token.nesting !== -1 && inlineStyles[token.tag]) token.attrSet("style", inlineStyles[token.tag]!);
    if (token.type === "link_open") {
      const href = attr(token, "href");
      token.attrSet("href", absolute(href, baseUrl));
      token.attrSet("target", "_blank");
      token.attrSet("rel", "noopener noreferrer");
    }
    if (token.type === "image") {
      const src = attr(token, "src");
      if (PICTURE.test(src)) {
        token.attrSet("src", absolute(src, baseUrl));
      } else {
        // A mailto: "picture" passed validateLink as a link would; show its description instead.
        token.type = "text";
        token.content = token.content || src;
        token.children = null;
      }
    }
    if (token.children) applyEmailRules(token.children, baseUrl);
  }
}

/** The Markdown body as email-safe HTML (no raw HTML, no script, only allowed addresses). */
export function renderCampaignHtml(markdown: string, baseUrl: string): string {
  const tokens = md.parse(markdown, {});
  applyEmailRules(tokens, baseUrl);
  return md.renderer.render(tokens, md.options, {});
}

/** The Markdown body as readable plain text: links and pictures keep their addresses in brackets. */
export function renderCampaignText(markdown: string, baseUrl: string): string {
  const tokens = md.parse(markdown, {});
  const lines: string[] = [];
  let line = "";
  const lists: { ordered: boolean; next: number }[] = [];
  let quote = 0;
  const flush = () => {
    for (const part of line.split("\n")) lines.push(`${"> ".repeat(quote)}${part}`.trimEnd());
    line = "";
  };
  for (const token of tokens) {
    switch (token.type) {
      case "bullet_list_open":
        lists.push({ ordered: false, next: 1 });
        break;
      case "ordered_list_open":
        lists.push({ ordered: true, next: Number(token.attrGet("start") ?? 1) });
        break;
      case "bullet_list_close":
      case "ordered_list_close":
        lists.pop();
        if (lists.length === 0) lines.push("");
        break;
      case "list_item_open": {
        const list = lists.at(-1);
        const marker = list?.ordered ? `${list.next++}. ` : "- ";
        line = `${"  ".repeat(Math.max(0, lists.length - 1))}${marker}`;
        break;
      }
      case "blockquote_open":
        quote += 1;
        break;
      case "blockquote_close":
        quote -= 1;
        break;
      case "inline":
        line += inlineText(token.children ?? [], baseUrl);
        break;
      case "paragraph_close":
      case "heading_close":
        flush();
        if (lists.length === 0) lines.push("");
        break;
      case "fence":
      case "code_block":
        for (const codeLine of token.content.replace(/\n$/, "").split("\n")) lines.push(`    ${codeLine}`);
        lines.push("");
        break;
      case "hr":
        lines.push("----------", "");
        break;
      case "tr_close":
        flush();
        break;
      case "th_close":
      case "td_close":
        line += "  ";
        break;
      case "table_close":
        lines.push("");
        break;
    }
  }
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function inlineText(children: Token[], baseUrl: string): string {
  let text = "";
  let linkHref: string | null = null;
  let linkText = "";
  for (const child of children) {
    switch (child.type) {
      case "text":
      case "code_inline":
        if (linkHref !== null) linkText += child.content;
        else text += child.content;
        break;
      case "softbreak":
      case "hardbreak":
        text += "\n";
        break;
      case "link_open":
        linkHref = absolute(attr(child, "href"), baseUrl);
        linkText = "";
        break;
      case "link_close": {
        const plainHref = (linkHref ?? "").replace(/^mailto:/i, "");
        text += linkText === plainHref || linkText === linkHref ? linkText : `${linkText} (${linkHref})`;
        linkHref = null;
        break;
      }
      case "image": {
        const src = attr(child, "src");
        const alt = child.content;
        text += PICTURE.test(src)
          ? alt
            ? `${alt} (${absolute(src, baseUrl)})`
            : absolute(src, baseUrl)
          : alt;
        break;
      }
    }
  }
  return text;
}

const escapeHtml = md.utils.escapeHtml;

/** A campaign's body in both forms, rendered once and framed per recipient. */
export interface CampaignBody {
  html: string;
  text: string;
}

export function renderCampaignBody(markdown: string, baseUrl: string): CampaignBody {
  return { html: renderCampaignHtml(markdown, baseUrl), text: renderCampaignText(markdown, baseUrl) };
}

/** The whole email, both parts, for one recipient (pass `body` to reuse a rendering). */
export function campaignEmail(
  input: CampaignEmailInput,
  body: CampaignBody = renderCampaignBody(input.markdown, input.baseUrl),
): { html: string; text: string } {
  const font =
    "-apple-system,BlinkMacSystemFont,'Segoe UI','Noto Sans HK','PingFang HK','Microsoft JhengHei',sans-serif";
  const html = `<!doctype html>
<html lang="${input.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(input.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f5f4;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:#f5f5f4;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden;font-family:${font};color:${ink};font-size:16px;">
<tr><td style="background:${brand};color:#ffffff;padding:18px 24px;font-size:20px;font-weight:bold;">${escapeHtml(input.shopName)}</td></tr>
<tr><td style="padding:24px 24px 8px;word-break:break-word;">
${body.html}</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e7e5e4;font-size:13px;line-height:1.6;color:#57534e;">
<p style="margin:0 0 4px;">${escapeHtml(input.words.reason)}</p>
<p style="margin:0 0 4px;">${escapeHtml(input.words.support)}</p>
<p style="margin:0;"><a href="${escapeHtml(input.unsubscribeUrl)}" target="_blank" rel="noopener noreferrer" style="color:${brand};text-decoration:underline;">${escapeHtml(input.words.unsubscribe)}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    input.shopName,
    "",
    body.text,
    "",
    "--",
    input.words.reason,
    input.words.support,
    input.words.unsubscribeLine,
    "",
  ].join("\n");
  return { html, text };
}
