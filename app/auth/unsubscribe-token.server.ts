import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The token in a campaign email's unsubscribe link (issue 7): the member id and an expiry, signed
 * with HMAC-SHA256 under the shop's secret, so the link works without signing in and cannot be
 * made up for another member. Format: `<member uuid hex>.<expiry, unix seconds base 36>.<mac>`.
 */

/** HK's electronic messages rules want the facility to work at least 30 days; we keep links far longer. */
export const UNSUBSCRIBE_LINK_DAYS = 180;

const MAC_BYTES = 16;
const UUID_HEX = /^[0-9a-f]{32}$/;
const EXPIRY = /^[0-9a-z]{1,10}$/;
const MAC = /^[A-Za-z0-9_-]{22}$/;

export type UnsubscribeTokenCheck =
  | { status: "valid"; memberId: string; expiresAt: Date }
  | { status: "forged" | "expired" };

function mac(key: string, memberHex: string, expiry: string): Buffer {
  return createHmac("sha256", key)
    .update(`unsubscribe:${memberHex}:${expiry}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

export function signUnsubscribeToken(key: string, memberId: string, expiresAt: Date): string {
  const memberHex = memberId.replaceAll("-", "").toLowerCase();
  if (!UUID_HEX.test(memberHex)) throw new Error("unsubscribe token: member id is not a uuid");
  const expiry = Math.floor(expiresAt.getTime() / 1000).toString(36);
  return `${memberHex}.${expiry}.${mac(key, memberHex, expiry).toString("base64url")}`;
}

export function verifyUnsubscribeToken(key: string, token: string, now: Date): UnsubscribeTokenCheck {
  const [memberHex = "", expiry = "", given = "", ...rest] = token.trim().split(".");
  if (rest.length > 0 || !UUID_HEX.test(memberHex) || !EXPIRY.test(expiry) || !MAC.test(given)) {
    return { status: "forged" };
  }
  // Compared as text: the last base64 character has spare bits, and a token has one spelling only.
  const expected = Buffer.from(mac(key, memberHex, expiry).toString("base64url"));
  const presented = Buffer.from(given);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
    return { status: "forged" };
  }
  const expiresAt = new Date(Number.parseInt(expiry, 36) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { status: "expired" };
  const memberId = `${memberHex.slice(0, 8)}-${memberHex.slice(8, 12)}-${memberHex.slice(12, 16)}-${memberHex.slice(16, 20)}-${memberHex.slice(20)}`;
  return { status: "valid", memberId, expiresAt };
}
