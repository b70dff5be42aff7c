// Every message of both languages, whatever the server was started from (entry.server imports it too).
import "./messages.server.ts";
import { type I18n, i18nOf } from "./use-i18n.ts";

/**
 * The words of the page a request is for, in its address's language (decision 0054): for what the
 * server puts into words itself, such as a time in an error. Without a request, zh-HK.
 */
export function i18nOfRequest(request: Pick<Request, "url"> | undefined): I18n {
  return i18nOf([{ pathname: request ? new URL(request.url).pathname : "/" }]);
}
