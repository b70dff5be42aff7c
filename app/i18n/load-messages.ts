import type { Message } from "./format.ts";
import type { Locale } from "./locale.ts";

type Messages = Record<string, Message>;
type MessagesModule = { shellMessages: Messages; listingMessages: Messages };

/**
 * The messages of each language as far as they are here (decision 0054). The server has both from
 * its start (`messages.server.ts`); a browser loads the page's language only, as a chunk of its
 * own, before the first render that needs it.
 */
const loaded: Partial<Record<Locale, Messages>> = {};
const loading: Partial<Record<Locale, Promise<void>>> = {};

export function provideMessages(locale: Locale, module: MessagesModule): void {
  loaded[locale] = { ...module.shellMessages, ...module.listingMessages };
}

export function messagesOf(locale: Locale): Messages | undefined {
  return loaded[locale];
}

// One import each, so that each language's chunk preloads its own dependencies only.
const importers: Record<Locale, () => Promise<MessagesModule>> = {
  "zh-HK": () => import("./messages/zh-HK.ts"),
  en: () => import("./messages/en.ts"),
};

/** One promise per language, for React's `use` while its chunk arrives. */
export function loadMessages(locale: Locale): Promise<void> {
  loading[locale] ??= importers[locale]().then((module) => provideMessages(locale, module));
  return loading[locale];
}
