import type { Message } from "./format.ts";
import type { Locale } from "./locale.ts";

type Messages = Record<string, Message>;
type ShellModule = { shellMessages: Messages };
type GroupModule = { messages: Messages };

/**
 * A page's messages come in groups (decision 0054): `shell` (the frame, the shared components and
 * the listings) on every page, and the groups a route names in its `handle` (`messagesHandle`),
 * each a chunk of its own per language, so a page loads its own language's words and no others.
 */
export const groups = [
  "shell",
  // The product lists: the home page shows cards and the drawer (shell) but no list's words.
  "listing",
  // The shop's pages: what they share (`shop`), and each kind's own words.
  "shop",
  "cart",
  "orders",
  "payment",
  "member",
  "account",
  // The home page and the content pages: long copy (guide, qa, terms) loads with its own page only.
  "home",
  "pages",
  "location",
  "contact",
  "forms",
  "referral",
  "guide",
  "qa",
  "terms",
] as const;
export type Group = (typeof groups)[number];
/** Messages only the server says (a member's SMS and emails): never loaded by a browser. */
type ServerGroup = "notices";

/** A route's `handle`: the message groups its page shows besides `shell`. */
export interface MessagesHandle {
  messages?: readonly Group[];
}

// One import each, so that each chunk preloads its own dependencies only.
const importers: Record<Locale, Record<Group, () => Promise<Messages>>> = {
  "zh-HK": {
    shell: () => import("./messages/zh-HK.ts").then(shellOf),
    listing: () => import("./messages/listing.zh-HK.ts").then(groupOf),
    shop: () => import("./messages/shop.zh-HK.ts").then(groupOf),
    cart: () => import("./messages/cart.zh-HK.ts").then(groupOf),
    orders: () => import("./messages/orders.zh-HK.ts").then(groupOf),
    payment: () => import("./messages/payment.zh-HK.ts").then(groupOf),
    member: () => import("./messages/member.zh-HK.ts").then(groupOf),
    account: () => import("./messages/account.zh-HK.ts").then(groupOf),
    home: () => import("./messages/home.zh-HK.ts").then(groupOf),
    pages: () => import("./messages/pages.zh-HK.ts").then(groupOf),
    location: () => import("./messages/location.zh-HK.ts").then(groupOf),
    contact: () => import("./messages/contact.zh-HK.ts").then(groupOf),
    forms: () => import("./messages/forms.zh-HK.ts").then(groupOf),
    referral: () => import("./messages/referral.zh-HK.ts").then(groupOf),
    guide: () => import("./messages/guide.zh-HK.ts").then(groupOf),
    qa: () => import("./messages/qa.zh-HK.ts").then(groupOf),
    terms: () => import("./messages/terms.zh-HK.ts").then(groupOf),
  },
  en: {
    shell: () => import("./messages/en.ts").then(shellOf),
    listing: () => import("./messages/listing.en.ts").then(groupOf),
    shop: () => import("./messages/shop.en.ts").then(groupOf),
    cart: () => import("./messages/cart.en.ts").then(groupOf),
    orders: () => import("./messages/orders.en.ts").then(groupOf),
    payment: () => import("./messages/payment.en.ts").then(groupOf),
    member: () => import("./messages/member.en.ts").then(groupOf),
    account: () => import("./messages/account.en.ts").then(groupOf),
    home: () => import("./messages/home.en.ts").then(groupOf),
    pages: () => import("./messages/pages.en.ts").then(groupOf),
    location: () => import("./messages/location.en.ts").then(groupOf),
    contact: () => import("./messages/contact.en.ts").then(groupOf),
    forms: () => import("./messages/forms.en.ts").then(groupOf),
    referral: () => import("./messages/referral.en.ts").then(groupOf),
    guide: () => import("./messages/guide.en.ts").then(groupOf),
    qa: () => import("./messages/qa.en.ts").then(groupOf),
    terms: () => import("./messages/terms.en.ts").then(groupOf),
  },
};

function shellOf(module: ShellModule): Messages {
  return module.shellMessages;
}
function groupOf(module: GroupModule): Messages {
  return module.messages;
}

/**
 * The messages of each language as far as they are here. The server has every group from its
 * start (`messages.server.ts`); a browser loads the groups of the page's language before the first
 * render that needs them.
 */
const loaded: Record<Locale, Messages> = { "zh-HK": {}, en: {} };
const byGroup: Record<Locale, Map<Group | ServerGroup, Messages>> = { "zh-HK": new Map(), en: new Map() };
const present: Record<Locale, Set<Group | ServerGroup>> = { "zh-HK": new Set(), en: new Set() };
const loading = new Map<string, Promise<void>>();
const merged = new Map<string, Messages>();

export function provideMessages(locale: Locale, group: Group | ServerGroup, messages: Messages): void {
  Object.assign(loaded[locale], messages);
  byGroup[locale].set(group, messages);
  present[locale].add(group);
}

/** Every message of `locale` loaded so far (one object, growing as groups arrive). */
export function messagesOf(locale: Locale): Messages {
  return loaded[locale];
}

/**
 * The messages of these groups only, as far as they are here: a page's words are those of the
 * groups it names, on the server as in a browser, so a key of a group the page does not name shows
 * as itself wherever it renders, and the page tests find it (`keysLeftIn`).
 */
export function messagesIn(locale: Locale, wanted: readonly (Group | ServerGroup)[]): Messages {
  const key = `${locale} ${wanted.join(" ")}`;
  const known = merged.get(key);
  if (known) return known;
  const messages = Object.assign({}, ...wanted.map((group) => byGroup[locale].get(group) ?? {}));
  // Kept once its page groups are here (the server's notices never come to a browser).
  if (wanted.every((group) => group === "notices" || present[locale].has(group))) merged.set(key, messages);
  return messages;
}

/** Every group a page may name, for what the server words outside a page (`i18nIn`). */
export const allGroups: MessagesHandle = { messages: groups.filter((group) => group !== "shell") };

/** Whether every group named is here in `locale`. */
export function hasMessages(locale: Locale, wanted: readonly Group[]): boolean {
  return wanted.every((group) => present[locale].has(group));
}

/** One promise per language and groups, for React's `use` while their chunks arrive. */
export function loadMessages(locale: Locale, wanted: readonly Group[]): Promise<void> {
  const key = `${locale} ${wanted.join(" ")}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = Promise.all(
      wanted
        .filter((group) => !present[locale].has(group))
        .map((group) =>
          importers[locale][group]().then((messages) => provideMessages(locale, group, messages)),
        ),
    ).then(() => undefined);
    loading.set(key, promise);
  }
  return promise;
}

/** The groups a page's matches name: `shell`, then each route's `handle.messages`. */
export function groupsOf(matches: readonly ({ handle?: unknown } | undefined)[]): Group[] {
  const named = matches.flatMap((match) => (match?.handle as MessagesHandle | undefined)?.messages ?? []);
  return ["shell", ...new Set(named)];
}
