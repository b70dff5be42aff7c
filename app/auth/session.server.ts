import { type AppLoadContext, createCookie, data, redirect } from "react-router";
import { signInRules } from "~/domain/members/sign-in-rules.ts";
import { localeOfPath, localePath } from "~/i18n/locale.ts";
import type { SessionMember } from "~/services/members/auth.server.ts";

/** DESIGN §4.14: HttpOnly, SameSite=Lax; `__Host-` and Secure in production. */
function sessionCookie(context: AppLoadContext) {
  const production = context.shopMode === "production";
  return createCookie(production ? "__Host-gather_session" : "gather_session", {
    httpOnly: true,
    sameSite: "lax",
    secure: production,
    path: "/",
    maxAge: signInRules.sessionMs / 1000,
  });
}

export async function readSessionToken(request: Request, context: AppLoadContext): Promise<string | null> {
  const value: unknown = await sessionCookie(context).parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

const memberByRequest = new WeakMap<Request, Promise<SessionMember | null>>();

/** The signed-in member, looked up once per request. */
export function getMember(request: Request, context: AppLoadContext): Promise<SessionMember | null> {
  let found = memberByRequest.get(request);
  if (!found) {
    found = readSessionToken(request, context).then((token) =>
      token ? context.services.members.auth.memberForSession(token) : null,
    );
    memberByRequest.set(request, found);
  }
  return found;
}

/** To sign-in and back: /en/account sends an anonymous visitor to /en/login (decision 0054). */
function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return redirect(localePath(localeOfPath(url.pathname), `/login?redirectTo=${encodeURIComponent(back)}`));
}

export async function requireMember(request: Request, context: AppLoadContext): Promise<SessionMember> {
  const member = await getMember(request, context);
  if (!member) throw loginRedirect(request);
  return member;
}

/** Every admin loader and action calls this: anonymous → /login, a member → 403. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<SessionMember> {
  const member = await requireMember(request, context);
  if (member.type !== "admin") throw data({ forbidden: true }, { status: 403 });
  return member;
}

/**
 * The pickup-day console (issue 31 item 2): staff assigned to a pickup point, or an admin. Anonymous
 * → /login, any other member → 403. It grants nothing of the back office, which keeps `requireAdmin`.
 */
export async function requirePickupStaff(request: Request, context: AppLoadContext): Promise<SessionMember> {
  const member = await requireMember(request, context);
  if (!(await context.services.pickup.console.isStaff(member)))
    throw data({ forbidden: true }, { status: 403 });
  return member;
}

export async function sessionHeaders(
  context: AppLoadContext,
  session: { token: string; expiresAt: Date },
): Promise<Headers> {
  return new Headers({
    "set-cookie": await sessionCookie(context).serialize(session.token, { expires: session.expiresAt }),
  });
}

export async function clearSessionHeaders(context: AppLoadContext): Promise<Headers> {
  return new Headers({ "set-cookie": await sessionCookie(context).serialize("", { maxAge: 0 }) });
}

/** The client address as the server saw it (a loopback proxy may forward it), for per-IP limits. */
export function clientIp(context: AppLoadContext): string | null {
  return context.clientIp ?? null;
}

/** Any origin will do: a target is kept only if it resolves to a path on whatever origin it is read against. */
const OWN_ORIGIN = "https://shop.invalid";

/**
 * A path on this shop to go back to after sign-in; anything else goes to `fallback`. The target is
 * parsed as the browser will parse it (tabs and line breaks dropped, `\` read as `/`), so forms such
 * as `/\evil.example`, `/<TAB>/evil.example` and `/.//evil.example` cannot lead off the shop.
 */
export function safeRedirect(target: FormDataEntryValue | string | null, fallback = "/account"): string {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  // Control characters (a tab, CR/LF) have no place in a link of ours: such a target is an attack.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is looked for
  if (/[\x00-\x1f\x7f]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, OWN_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN_ORIGIN || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
