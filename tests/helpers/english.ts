import { parse } from "node-html-parser";

/**
 * What an English page (issue 48, decision 0054) still shows in Chinese: the text of its title and
 * body outside scripts and outside elements marked `lang="zh-HK"` (shop content with no English
 * words yet, the language switch's own name), one entry per text, trimmed. An empty list is an
 * English page with nothing left half-translated. The shop's Chinese name (齊齊買, as in "Gather
 * (齊齊買)") is a name, not a word to translate.
 */
export function chineseLeftIn(html: string): string[] {
  const root = parse(html, {
    comment: false,
    blockTextElements: { script: false, style: false, noscript: true },
  });
  // Inside the body: on a zh-HK page <html lang="zh-HK"> itself would take everything with it.
  for (const element of root.querySelectorAll('body [lang="zh-HK"]')) element.remove();
  // The page's alternates and scripts are not words a person reads.
  for (const element of root.querySelectorAll("head link, head meta, template")) element.remove();
  const han = /\p{Script=Han}/u;
  const texts = [root.querySelector("title")?.text ?? "", ...textsOf(root.querySelector("body"))];
  return texts.map((text) => text.trim()).filter((text) => han.test(text.replaceAll("齊齊買", "")));
}

/** Message keys left in a page's words: "cart.title" shown as itself (a key of no catalogue). */
export function keysLeftIn(html: string): string[] {
  const root = parse(html, { comment: false, blockTextElements: { script: false, style: false } });
  return textsOf(root.querySelector("body"))
    .map((text) => text.trim())
    .filter((text) => /^[a-z][a-zA-Z]*(\.[a-zA-Z0-9_]+)+$/.test(text));
}

/** The text nodes of an element and of each attribute a person sees (alt, placeholder, aria-label, title). */
function textsOf(element: ReturnType<typeof parse> | null): string[] {
  if (!element) return [];
  const shown = ["alt", "placeholder", "aria-label", "title"];
  const attributes = element
    .querySelectorAll("*")
    .flatMap((child) => shown.map((name) => child.getAttribute(name) ?? "").filter(Boolean));
  const texts: string[] = [];
  const walk = (node: ReturnType<typeof parse>["childNodes"][number]) => {
    if (node.nodeType === 3) texts.push(node.text);
    for (const child of node.childNodes) walk(child);
  };
  walk(element);
  return [...texts, ...attributes];
}
