import type { ReactNode } from "react";
import type { ContentLang } from "~/domain/shared/content-language.ts";
import type { Params } from "~/i18n/format.ts";
import type { SentKey } from "~/i18n/keys.ts";
import type { I18n } from "~/i18n/use-i18n.ts";

// Stands for a content value while its message is split around it; no message holds it.
const MARK = "\u0000";

/**
 * A message holding shop content, each content value in an element of its own with its `lang`, the
 * message's words around it in the page's language (an attribute could not say that part of it is
 * Chinese). `content` names those placeholders: a list for content with no English at all (an
 * sold-out product's name in a refusal), marked zh-HK on an English page; or each with its own lang, for content whose
 * English may be missing (`{ name: category.nameLang }`, decision 0055). Where nothing needs a
 * mark (a zh-HK page, English content) the text as it always was, one string.
 */
export function withContent(
  i18n: I18n,
  key: SentKey,
  params: Params,
  content: readonly string[] | Readonly<Record<string, ContentLang | undefined>>,
): ReactNode {
  const langs: Record<string, ContentLang | undefined> = isNames(content)
    ? Object.fromEntries(content.map((name) => [name, i18n.contentLang]))
    : content;
  const marked: Params = { ...params };
  for (const name in langs) if (langs[name]) marked[name] = `${MARK}${name}${MARK}`;
  const text = i18n.t(key, marked);
  if (!text.includes(MARK)) return text;
  return text.split(new RegExp(`${MARK}(\\w+)${MARK}`)).map((part, index) =>
    index % 2 === 1 ? (
      <span key={part} lang={langs[part]}>
        {params[part]}
      </span>
    ) : (
      part
    ),
  );
}

function isNames(content: object): content is readonly string[] {
  return Array.isArray(content);
}
