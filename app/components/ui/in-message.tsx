import type { ContentLang } from "~/domain/shared/content-language.ts";

/** A text of shop content in a message, with its `lang` where it is not in the page's language. */
export interface ContentText {
  text: string;
  lang?: ContentLang;
}

const FIRST_SLOT = 0xe000;
const SLOTS = /([\uE000-\uE0FF])/u;

/** What a message's placeholder is given while `InMessage` puts the `index`th content in its place. */
export function contentSlot(index = 0): string {
  return String.fromCharCode(FIRST_SLOT + index);
}

/**
 * A message with shop content in it, `t("menu.allInCategory", { name: contentSlot() })`: each
 * content (a category's Chinese name on an English page) in an element of its own marked with its
 * `lang`, the message's words around it in the page's language. An attribute cannot say that part
 * of it is Chinese, so labels naming shop content are made of this as text (hidden where need be).
 */
export function InMessage({ message, contents }: { message: string; contents: ContentText[] }) {
  return message.split(SLOTS).map((part, index) => {
    const content = index % 2 ? contents[part.charCodeAt(0) - FIRST_SLOT] : undefined;
    return content?.lang ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the message's parts, always in the same order.
      <span key={index} lang={content.lang}>
        {content.text}
      </span>
    ) : (
      (content?.text ?? part)
    );
  });
}
