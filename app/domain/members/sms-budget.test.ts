import { describe, expect, it } from "vitest";
import { signInRules as rules } from "./sign-in-rules.ts";
import { judgeSend, networkAllowance, networkOf, noticesCrossed } from "./sms-budget.ts";

describe("networkOf", () => {
  it("puts an IPv4 address in its /24 and an IPv6 /64 in its /48", () => {
    expect(networkOf("203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkOf("2001:db8:1:2::/64")).toBe("2001:db8:1::/48");
    expect(networkOf("unknown")).toBe("unknown");
  });
});

describe("noticesCrossed", () => {
  it("names a share only on the code that reaches it", () => {
    expect(noticesCrossed(999, 2_000)).toEqual([]);
    expect(noticesCrossed(1_000, 2_000)).toEqual([50]);
    expect(noticesCrossed(1_001, 2_000)).toEqual([]);
    expect(noticesCrossed(1_600, 2_000)).toEqual([80]);
    expect(noticesCrossed(2_000, 2_000)).toEqual([100]);
  });
});

describe("judgeSend", () => {
  const quiet = { day: 10, budget: 2_000, network: 1, address: 1 };
  it("sends freely below every soft limit", () => {
    expect(judgeSend(quiet, false)).toEqual({ ok: true });
  });
  it("asks for a challenge past half the budget or the address's free codes, and lets a solved one through", () => {
    expect(judgeSend({ ...quiet, day: 1_001 }, false)).toEqual({ ok: false, error: "challenge_required" });
    expect(judgeSend({ ...quiet, address: rules.maxCodesPerIpPerHour + 1 }, false)).toEqual({
      ok: false,
      error: "challenge_required",
    });
    expect(judgeSend({ ...quiet, day: 5_000 }, true)).toEqual({ ok: true });
  });
  it("stops a network past its share, solved or not", () => {
    expect(judgeSend({ ...quiet, network: networkAllowance(2_000) + 1 }, true)).toEqual({
      ok: false,
      error: "network_share_used",
    });
  });
});
