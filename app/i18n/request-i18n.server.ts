import { localeOfPath } from "./locale.ts";
import { i18nIn } from "./messages.server.ts";
import type { I18n } from "./use-i18n.ts";

/**
 * The words of the page a request is for, in its address's language (decision 0054): for what the
 * server puts into words itself, such as a time in an error or a toast carried across a redirect.
 * Without a request, zh-HK.
 */
export function i18nOfRequest(request: Pick<Request, "url"> | undefined): I18n {
  return i18nIn(request ? localeOfPath(new URL(request.url).pathname) : "zh-HK");
}
