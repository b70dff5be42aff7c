import { describe, expect, it } from "vitest";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token.server.ts";

const key = "k".repeat(43);
const memberId = "0b6f1c2e-3d4a-4b5c-8d9e-0f1a2b3c4d5e";
const now = new Date("2025-01-01T00:00:00Z");
const nextYear = new Date("2026-01-01T00:00:00Z");

describe("unsubscribe tokens", () => {
  it("round-trips the member id", () => {
    const token = signUnsubscribeToken(key, memberId, nextYear);
    expect(token).toMatch(/^[0-9a-f]{32}\.[0-9a-z]+\.[\w-]{22}$/);
    expect(verifyUnsubscribeToken(key, token, now)).toEqual({
      status: "valid",
      memberId,
      expiresAt: nextYear,
    });
  });

  it("refuses a token after its expiry as expired", () => {
    const token = signUnsubscribeToken(key, memberId, now);
    expect(verifyUnsubscribeToken(key, token, now)).toEqual({ status: "expired" });
    expect(verifyUnsubscribeToken(key, token, new Date(now.getTime() - 1_000)).status).toBe("valid");
  });

  it("refuses a token signed with another key, or changed in any part, as forged", () => {
    const token = signUnsubscribeToken(key, memberId, nextYear);
    const [member, expiry, mac] = token.split(".") as [string, string, string];
    const otherMember = `${member.slice(0, -1)}${member.endsWith("0") ? "1" : "0"}`;
    const laterExpiry = (Number.parseInt(expiry, 36) + 86_400 * 365).toString(36);
    const otherMac = `${mac.slice(0, 5)}${mac[5] === "A" ? "B" : "A"}${mac.slice(6)}`;
    // The last character's spare bits decode to the same tag: still not the token that was issued.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const respelled = `${mac.slice(0, -1)}${alphabet[alphabet.indexOf(mac.at(-1)!) ^ 1]}`;
    expect(Buffer.from(respelled, "base64url")).toEqual(Buffer.from(mac, "base64url"));
    for (const forged of [
      signUnsubscribeToken("another key".padEnd(43, "x"), memberId, nextYear),
      `${otherMember}.${expiry}.${mac}`,
      `${member}.${laterExpiry}.${mac}`,
      `${member}.${expiry}.${otherMac}`,
      `${member}.${expiry}.${respelled}`,
      `${token}.extra`,
      "",
      "not a token",
      `${member}.${expiry}`,
    ]) {
      expect(verifyUnsubscribeToken(key, forged, now), forged).toEqual({ status: "forged" });
    }
  });

  it("refuses to sign for something that is not a member id", () => {
    expect(() => signUnsubscribeToken(key, "90000000", nextYear)).toThrow();
  });
});
