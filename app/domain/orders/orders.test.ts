import { describe, expect, it } from "vitest";
import {
  type DiscountCodeRules,
  deliveryFee,
  discountCodeRefusal,
  orderNumber,
  PICKUP_CODE_ALPHABET,
  paymeClaimDeadline,
  pickupCode,
} from "./orders.ts";

describe("paymeClaimDeadline (decision 0025)", () => {
  const at = (text: string) => new Date(text);
  const cutoff = at("2030-01-10T14:00:00Z");
  it("waits the shop's hours after the claim, well before the cut-off", () => {
    expect(paymeClaimDeadline(at("2030-01-05T02:00:00Z"), 24, cutoff, at("2030-01-05T02:20:00Z"))).toEqual(
      at("2030-01-06T02:00:00Z"),
    );
  });
  it("never waits past the end of the cycle's payment window, when settlement runs", () => {
    expect(paymeClaimDeadline(at("2030-01-10T13:00:00Z"), 24, cutoff, at("2030-01-10T13:25:00Z"))).toEqual(
      at("2030-01-10T14:30:00Z"),
    );
  });
  it("never cuts short the order's own time to pay", () => {
    expect(paymeClaimDeadline(at("2030-01-10T14:10:00Z"), 1, cutoff, at("2030-01-10T14:35:00Z"))).toEqual(
      at("2030-01-10T14:35:00Z"),
    );
  });
});

describe("pickupCode", () => {
  it("is six characters from the unambiguous alphabet", () => {
    let i = 0;
    const code = pickupCode((n) => i++ % n);
    expect(code).toBe("234567");
    expect(PICKUP_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(pickupCode((n) => n - 1)).toBe("ZZZZZZ");
  });
});

describe("orderNumber", () => {
  it("uses the Hong Kong date", () => {
    // 2026-11-21 17:30 UTC is already the 22nd in Hong Kong.
    expect(orderNumber(42, new Date("2026-11-21T17:30:00Z"))).toBe("G261122-000042");
    expect(orderNumber(1_234_567, new Date("2026-01-05T00:00:00Z"))).toBe("G260105-1234567");
  });
});

describe("discountCodeRefusal (DESIGN §4.12)", () => {
  const code: DiscountCodeRules = {
    active: true,
    startsAt: new Date("2026-11-01T00:00:00Z"),
    endsAt: new Date("2026-12-01T00:00:00Z"),
    totalLimit: 10,
    usedCount: 3,
    perMemberLimit: 1,
    minItemsCents: 20_000,
  };
  const now = new Date("2026-11-22T00:00:00Z");
  const ok = { now, itemsCents: 20_000, memberUses: 0 };

  it("accepts a code within its window and limits", () => {
    expect(discountCodeRefusal(code, ok)).toBeNull();
  });

  it("refuses inactive, early and expired codes", () => {
    expect(discountCodeRefusal({ ...code, active: false }, ok)).toBe("codeInactive");
    expect(discountCodeRefusal(code, { ...ok, now: new Date("2026-10-31T23:59:59Z") })).toBe("codeInactive");
    expect(discountCodeRefusal(code, { ...ok, now: new Date("2026-12-01T00:00:00Z") })).toBe("codeInactive");
  });

  it("refuses used-up codes, the member's limit and a small basket", () => {
    expect(discountCodeRefusal({ ...code, usedCount: 10 }, ok)).toBe("codeUsedUp");
    expect(discountCodeRefusal(code, { ...ok, memberUses: 1 })).toBe("codeMemberLimit");
    expect(discountCodeRefusal(code, { ...ok, itemsCents: 19_999 })).toBe("codeMinimum");
  });
});

describe("deliveryFee (DESIGN §4.5, §4.13)", () => {
  it("charges once per cycle and never at a merchant's point", () => {
    expect(deliveryFee({ deliveryChargeCents: 2_000, free: false }, false)).toBe(2_000);
    expect(deliveryFee({ deliveryChargeCents: 2_000, free: false }, true)).toBe(0);
    expect(deliveryFee({ deliveryChargeCents: 2_000, free: true }, false)).toBe(0);
  });
});
