import { describe, expect, it } from "vitest";
import { type ReferrerCandidate, referrerRefusal } from "./referral.ts";

const candidate = (fields: Partial<ReferrerCandidate>): ReferrerCandidate => ({
  memberId: "a",
  memberPhone: "91234567",
  currentReferrerId: null,
  hasPaidOrder: false,
  referrerPhone: "92345678",
  referrer: { id: "b", chain: [] },
  ...fields,
});

describe("referrerRefusal", () => {
  it("accepts a registered member for a member with no referrer and no paid order", () => {
    expect(referrerRefusal(candidate({}))).toBeNull();
    expect(referrerRefusal(candidate({ memberId: null }))).toBeNull();
  });

  it("refuses the member's own number and an unregistered number", () => {
    expect(referrerRefusal(candidate({ referrerPhone: "91234567" }))).toBe("referrer_self");
    expect(referrerRefusal(candidate({ referrer: null }))).toBe("referrer_missing");
  });

  it("keeps the recorded referrer and refuses another one", () => {
    expect(referrerRefusal(candidate({ currentReferrerId: "b", hasPaidOrder: true }))).toBeNull();
    expect(referrerRefusal(candidate({ currentReferrerId: "c" }))).toBe("referrer_locked");
  });

  it("refuses a member who already has a paid order (the programme is for new members)", () => {
    expect(referrerRefusal(candidate({ hasPaidOrder: true }))).toBe("referrer_after_purchase");
  });

  it("refuses a referrer who is the member's own referee, or whose chain leads back to the member", () => {
    // A→B while B→A.
    expect(referrerRefusal(candidate({ referrer: { id: "b", chain: ["a"] } }))).toBe("referrer_loop");
    // A→B while B→C→A.
    expect(referrerRefusal(candidate({ referrer: { id: "b", chain: ["c", "a"] } }))).toBe("referrer_loop");
    // A→B while B→C→D: no loop.
    expect(referrerRefusal(candidate({ referrer: { id: "b", chain: ["c", "d"] } }))).toBeNull();
  });
});
