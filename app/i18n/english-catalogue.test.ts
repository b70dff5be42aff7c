import { describe, expect, it } from "vitest";
import { formatMessage, type Message } from "./format.ts";
import { type Group, groups } from "./load-messages.ts";
import { catalogueBundle } from "./messages.server.ts";

/**
 * Issue 48 item 7, decision 0054: the English catalogue mirrors the zh-HK one key for key (tsc
 * checks each file with `satisfies Mirror<…>`; this checks what loaders actually send), no English
 * message is left in Chinese, and an English message asks only for values the page passes.
 */
const bundles: readonly (Group | "notices")[] = [...groups, "notices"];
const han = /\p{Script=Han}/u;

/** Where an English message may hold Chinese: a language's own name, the shop's Chinese name. */
const chineseAllowed = new Set([
  "language.switch",
  "language.switchLabel",
  "footer.rights",
  "profile.language.zh",
]);

/** Values passed besides the zh-HK message's own placeholders, by the code that shows them. */
const extraParams: Record<string, string[]> = {
  "discount.off": ["off"],
  "product.weightNote": ["quantity"],
  "date.dateTime": ["weekday"],
};

const texts = (message: Message): string[] =>
  typeof message === "string"
    ? [message]
    : Object.entries(message)
        .filter(([form]) => form !== "by")
        .map(([, text]) => text as string);
const placeholders = (message: Message): Set<string> => {
  const names = new Set(texts(message).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)));
  if (typeof message !== "string") names.add(message.by);
  return names;
};

describe("the English catalogue", () => {
  it.each(bundles)("has every key of the zh-HK %s messages, and no other", (bundle) => {
    const zh = Object.keys(catalogueBundle("zh-HK", bundle)).sort();
    const en = Object.keys(catalogueBundle("en", bundle)).sort();
    if (bundle === "shell") expect(zh.length).toBeGreaterThan(40);
    expect(
      en.filter((key) => !zh.includes(key)),
      "keys only in English",
    ).toEqual([]);
    expect(
      zh.filter((key) => !en.includes(key)),
      "keys missing from English",
    ).toEqual([]);
  });

  it.each(bundles)("leaves no %s message in Chinese", (bundle) => {
    const zh = catalogueBundle("zh-HK", bundle);
    const en = catalogueBundle("en", bundle);
    const chinese = Object.entries(en).filter(
      ([key, message]) =>
        !chineseAllowed.has(key) &&
        (texts(message).some((text) => han.test(text)) ||
          JSON.stringify(message) === JSON.stringify(zh[key])) &&
        han.test(JSON.stringify(zh[key])),
    );
    expect(chinese.map(([key]) => key)).toEqual([]);
  });

  it.each(bundles)("asks only for the values the %s messages are given", (bundle) => {
    const zh = catalogueBundle("zh-HK", bundle);
    const en = catalogueBundle("en", bundle);
    const unknown = Object.entries(en).flatMap(([key, message]) => {
      const given = new Set([...placeholders(zh[key]!), ...(extraParams[key] ?? [])]);
      return [...placeholders(message)].filter((name) => !given.has(name)).map((name) => `${key}: {${name}}`);
    });
    expect(unknown).toEqual([]);
  });
});

it("gives each key to one group only: the groups of a page share one table per language", () => {
  const seen = new Map<string, Group | "notices">();
  const twice = bundles.flatMap((group) =>
    Object.keys(catalogueBundle("zh-HK", group)).flatMap((key) => {
      const first = seen.get(key);
      seen.set(key, group);
      return first ? [`${key}: ${first} and ${group}`] : [];
    }),
  );
  expect(twice).toEqual([]);
});

describe("formatMessage", () => {
  const count = { by: "count", one: "# pc", other: "# pcs", "=0": "none" } as const;

  it("picks the plural form of the number, an exact form first", () => {
    expect(formatMessage(count, { count: 1 }, "en")).toBe("1 pc");
    expect(formatMessage(count, { count: 3 }, "en")).toBe("3 pcs");
    expect(formatMessage(count, { count: 2.5 }, "en")).toBe("2.5 pcs");
    expect(formatMessage(count, { count: 0 }, "en")).toBe("none");
  });

  it("fills placeholders as the zh-HK catalogue always has, leaving unknown ones", () => {
    expect(formatMessage("共 {count} 件產品", { count: 3 }, "zh-HK")).toBe("共 3 件產品");
    expect(formatMessage("{a}{b}", { a: "x" }, "zh-HK")).toBe("x{b}");
    expect(formatMessage({ by: "n", other: "{who}: # left" }, { n: 4, who: "Ann" }, "en")).toBe(
      "Ann: 4 left",
    );
  });
});

describe("a page's words", () => {
  it("are those of the groups its routes name, on the server as in a browser", async () => {
    const { i18nOf } = await import("./i18n.ts");
    const orders = { handle: { messages: ["shop", "orders"] } };
    for (const pathname of ["/order", "/en/order"]) {
      const named = i18nOf([{ pathname: "/" }, { pathname, ...orders }]);
      expect(named.t("order.title"), pathname).not.toBe("order.title");
      expect(named.t("nav.cart"), pathname).not.toBe("nav.cart");
      // A group the page does not name is not loaded by a browser, so the server does not word it either.
      const unnamed = i18nOf([{ pathname: "/" }, { pathname }]);
      expect(unnamed.t("order.title"), pathname).toBe("order.title");
      expect(unnamed.t("nav.cart"), pathname).not.toBe("nav.cart");
    }
  });

  it("outside a page (a member's SMS and emails) are every group's and the notices'", async () => {
    const { i18nIn } = await import("./messages.server.ts");
    for (const locale of ["zh-HK", "en"] as const) {
      const words = i18nIn(locale);
      for (const key of ["order.title", "payment.title", "auth.phone", "toast.loginSuccess"] as const)
        expect(words.t(key), `${locale} ${key}`).not.toBe(key);
    }
  });
});
