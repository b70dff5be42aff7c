import { Fragment, type ReactNode } from "react";
import type { ContentLang } from "~/domain/shared/content-language.ts";
import type { Params } from "~/i18n/format.ts";
import type { SentKey } from "~/i18n/keys.ts";
import type { I18n } from "~/i18n/use-i18n.ts";

// Stands for a content value while its message is split around it; no message holds it.
const MARK = "\u0000";

/**
 * A message holding shop content, each content value in an element of its own with its `lang`, the
 * message's words around it in the page's language (an attribute could not say that part of it is
 * Chinese). `content` gives each placeholder's lang, for content whose English may be missing
 * (`{ name: category.nameLang }`, decision 0055). Where nothing needs a mark (a zh-HK page, English
 * content) the text as it always was, one string.
 */
export function withContent(
  i18n: I18n,
  key: SentKey,
  params: Params,
  langs: Readonly<Record<string, ContentLang | undefined>>,
): ReactNode {
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

/**
 * A message naming products (`{names}`), each name in the page's language where it has one: on an
 * English page "Sold out: Wagyu Sirloin, 手打魚蛋", the Chinese name alone marked zh-HK (issue 48).
 */
export function withProductNames(
  i18n: I18n,
  key: SentKey,
  products: readonly { name: string; nameLang?: ContentLang }[],
): ReactNode {
  const separator = i18n.t("cart.separator");
  if (!products.some((product) => product.nameLang))
    return i18n.t(key, { names: products.map((product) => product.name).join(separator) });
  const [before, after] = i18n.t(key, { names: MARK }).split(MARK);
  return (
    <>
      {before}
      {products.map((product, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two products may share a name; the list never reorders.
        <Fragment key={index}>
          {index > 0 ? separator : null}
          {product.nameLang ? <span lang={product.nameLang}>{product.name}</span> : product.name}
        </Fragment>
      ))}
      {after}
    </>
  );
}
