import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "react-router";

/**
 * The browser's device cookie (issue 44 item 3): a random name the shop gives a browser on the
 * sign-in pages, so its codes, failures and locks are its own and not its address's. A stranger
 * who guesses wrong locks out only the browser (or, without a cookie, the address) they guess from.
 */
const deviceShape = /^[A-Za-z0-9_-]{22}$/;
const yearSeconds = 365 * 24 * 60 * 60;

function cookieName(context: AppLoadContext): string {
  return context.shopMode === "production" ? "__Host-gather_device" : "gather_device";
}

/** The device named by the request's cookie, or null (no cookie, or not one the shop would give). */
export function readDevice(request: Request, context: AppLoadContext): string | null {
  const name = cookieName(context);
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, value] = part.trim().split("=");
    if (key === name && value && deviceShape.test(value)) return value;
  }
  return null;
}

/** Headers giving this browser a device name, when it has none yet (none otherwise). */
export function deviceHeaders(request: Request, context: AppLoadContext): Headers {
  const cookie = deviceCookie(request, context);
  return new Headers(cookie ? { "set-cookie": cookie } : {});
}

function deviceCookie(request: Request, context: AppLoadContext): string | null {
  if (readDevice(request, context)) return null;
  const production = context.shopMode === "production";
  const value = randomBytes(16).toString("base64url");
  return `${cookieName(context)}=${value}; Path=/; Max-Age=${yearSeconds}; HttpOnly; SameSite=Lax${production ? "; Secure" : ""}`;
}
