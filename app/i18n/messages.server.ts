import type { Message } from "./format.ts";
import { provideMessages } from "./load-messages.ts";
import type { Locale } from "./locale.ts";
import * as en from "./messages/en.ts";
import * as zh from "./messages/zh-HK.ts";

/** The server renders either language: both are here from its start (imported by entry.server). */
provideMessages("zh-HK", zh);
provideMessages("en", en);

/** A group of messages in one language, as the unit test compares them. */
export function catalogueBundle(locale: Locale, bundle: "shell" | "listing"): Record<string, Message> {
  const module = locale === "en" ? en : zh;
  return bundle === "shell" ? module.shellMessages : module.listingMessages;
}
