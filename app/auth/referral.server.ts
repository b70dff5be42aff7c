import { isReferrerKey, normalizeReferrer } from "~/domain/members/referral.ts";

/**
 * A referral carried by any shop link (DESIGN §4.11, issue 31 item 3): `?ref=<code>` on a product a
 * member shared is remembered for 30 days, so registering later has the referrer filled in, as the
 * `/register?ref=<code>` link does. Links shared earlier with a phone (`?ref=<phone>`) keep working.
 * Only a well-formed code or number is kept; registration checks the rest.
 */
const NAME = "gather_ref";
const MAX_AGE_SECONDS = 30 * 24 * 3600;

/** The Set-Cookie value for a page opened with `ref`, or null when there is no usable number. */
export function referralCookie(ref: unknown, secure: boolean): string | null {
  if (typeof ref !== "string") return null;
  const referrer = normalizeReferrer(ref);
  if (!isReferrerKey(referrer)) return null;
  return `${NAME}=${referrer}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The remembered referrer's code or phone, if any. */
export function rememberedReferrer(request: Request): string | null {
  const cookies = request.headers.get("cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${NAME}=(\\d{8}|[A-HJ-NP-Z]{8})(?:;|$)`).exec(cookies);
  return match?.[1] ?? null;
}
