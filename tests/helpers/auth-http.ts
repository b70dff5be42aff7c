import { codeIn } from "./auth.ts";
import { type RawResponse, request } from "./net.ts";

// Signing in over HTTP against a running server, the way a browser posts the forms.

export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names in lower case → value ("" for flags such as HttpOnly). */
  attributes: Map<string, string>;
  raw: string;
}

function setCookies(response: RawResponse): SetCookie[] {
  return (response.headers["set-cookie"] ?? []).map((raw) => {
    const [pair, ...attributes] = raw.split(";").map((part) => part.trim());
    const at = pair!.indexOf("=");
    return {
      name: pair!.slice(0, at),
      value: pair!.slice(at + 1),
      attributes: new Map(
        attributes.map((attribute) => {
          const [key, ...rest] = attribute.split("=");
          return [key!.toLowerCase(), rest.join("=")];
        }),
      ),
      raw,
    };
  });
}

export function setCookie(response: RawResponse, name: string): SetCookie | undefined {
  return setCookies(response).find((cookie) => cookie.name === name);
}

/** The value react-router's createCookie stores (base64 of JSON), decoded. */
export function cookieValue(cookie: SetCookie): unknown {
  return JSON.parse(Buffer.from(decodeURIComponent(cookie.value), "base64").toString("utf8"));
}

export function postForm(
  baseUrl: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return request(baseUrl, path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

export interface OutboxMessage {
  channel: string;
  to: string;
  body: string;
  createdAt: string;
}

export async function devOutbox(baseUrl: string, to: string): Promise<OutboxMessage[]> {
  const response = await request(baseUrl, `/dev/outbox?to=${encodeURIComponent(to)}`);
  if (response.status !== 200) throw new Error(`/dev/outbox answered ${response.status}: ${response.body}`);
  return (JSON.parse(response.body) as { messages: OutboxMessage[] }).messages;
}

/** Asks /login for a code and reads it from the dev outbox. `ip` goes in X-Forwarded-For. */
export async function requestLoginCode(baseUrl: string, phone: string, ip: string): Promise<string> {
  const sent = await postForm(baseUrl, "/login", { intent: "send-code", phone }, { "x-forwarded-for": ip });
  if (sent.status !== 200) throw new Error(`sending the code answered ${sent.status}`);
  // The newest sign-in code: the shop's other messages (an order's, say) may be newer.
  const newest = (await devOutbox(baseUrl, phone)).find((message) => message.body.includes("驗證碼"));
  if (!newest) throw new Error(`no SMS in the outbox for ${phone}`);
  return codeIn(newest.body);
}

export function submitLogin(
  baseUrl: string,
  fields: { phone: string; code: string },
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return postForm(baseUrl, "/login", { intent: "login", redirectTo: "/account", ...fields }, headers);
}

/** Whether `cookie` signs someone in: /login sends signed-in members on to `redirectTo`. */
export async function isSignedIn(baseUrl: string, cookie: string): Promise<boolean> {
  const response = await request(baseUrl, "/login?redirectTo=%2Fabout", { headers: { cookie } });
  if (response.status === 200) return false;
  if (response.status === 302 && response.headers.location === "/about") return true;
  throw new Error(`GET /login answered ${response.status} (${response.headers.location ?? "no location"})`);
}
