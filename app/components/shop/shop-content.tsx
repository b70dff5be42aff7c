import type { ReactNode } from "react";
import type { Params } from "~/i18n/format.ts";
import type { SentKey } from "~/i18n/keys.ts";
import { type I18n, useI18n } from "~/i18n/use-i18n.ts";

/**
 * Shop content with no words in the page's language yet (a pickup point's name, an order line's
 * product name on an English page): marked zh-HK there, plain text on a zh-HK page.
 */
export function ShopText({ children }: { children: string }) {
  const { contentLang } = useI18n();
  return contentLang ? <span lang={contentLang}>{children}</span> : children;
}

// Stands for a content value while its message is split around it; no message holds it.
const MARK = "\u0000";

/**
 * A message holding shop content (`content` names those placeholders): on a zh-HK page its text as
 * it always was, one string; on an English page each content value in an element marked zh-HK.
 */
export function withContent(i18n: I18n, key: SentKey, params: Params, content: readonly string[]): ReactNode {
  const { contentLang } = i18n;
  if (!contentLang) return i18n.t(key, params);
  const marked: Params = { ...params };
  for (const name of content) marked[name] = `${MARK}${name}${MARK}`;
  return i18n
    .t(key, marked)
    .split(new RegExp(`${MARK}(\\w+)${MARK}`))
    .map((part, index) =>
      index % 2 === 1 ? (
        <span key={part} lang={contentLang}>
          {params[part]}
        </span>
      ) : (
        part
      ),
    );
}
