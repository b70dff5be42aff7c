import type { Checked } from "../shared/checked.ts";
import { signInRules as rules } from "./sign-in-rules.ts";

/**
 * Whether one more sign-in code may go out (issue 44 item 4), judged on the counters as they stand
 * after counting it: the shop's day for its purpose, its network's day and its address's hour.
 */
export interface SendCounts {
  /** Codes of this purpose today, this one included. */
  day: number;
  /** This purpose's budget for the day. */
  budget: number;
  /** Codes of this purpose today from the client's network, this one included. */
  network: number;
  /** Codes from the client's address this hour, this one included. */
  address: number;
}

export type SendProblem = "network_share_used" | "address_limit" | "challenge_required";

/** How many codes of a day's budget one network may use. */
export function networkAllowance(budget: number): number {
  return Math.max(1, Math.floor(budget * rules.networkShareOfDay));
}

/** Whether a code at these counts needs a solved proof-of-work challenge first. */
export function needsChallenge(counts: SendCounts): boolean {
  return counts.day > counts.budget * rules.challengeFromShare || counts.address > rules.maxCodesPerIpPerHour;
}

/** Past the whole budget the challenge is harder: the shop keeps open, at a higher price per code. */
export function challengeWork(day: number, budget: number): "normal" | "hard" {
  return day >= budget ? "hard" : "normal";
}

export function judgeSend(counts: SendCounts, challengeSolved: boolean): Checked<object, SendProblem> {
  if (counts.network > networkAllowance(counts.budget)) return { ok: false, error: "network_share_used" };
  if (counts.address > rules.maxCodesPerIpPerHourWithChallenge) return { ok: false, error: "address_limit" };
  if (needsChallenge(counts) && !challengeSolved) return { ok: false, error: "challenge_required" };
  return { ok: true };
}

/** The notice shares (as whole percents) the day's count crossed with this code. */
export function noticesCrossed(day: number, budget: number): number[] {
  return rules.noticeShares
    .filter((share) => day - 1 < Math.ceil(budget * share) && day >= Math.ceil(budget * share))
    .map((share) => Math.round(share * 100));
}

/**
 * The network an address is counted in: an IPv4 /24 (`203.0.113.0/24`) or an IPv6 /48, from the
 * address key the limits already use (an IPv4 address, or an IPv6 /64 as `2001:db8:1:2::/64`).
 */
export function networkOf(addressKey: string): string {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(addressKey);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (addressKey.includes(":")) {
    const groups = addressKey.replace(/::\/64$/, "").split(":");
    if (groups.length >= 3 && groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) {
      return `${groups.slice(0, 3).join(":")}::/48`;
    }
  }
  return addressKey;
}
