/**
 * The settlement checks that are not money rules. The money rules (final amounts, what is owed,
 * delivery shares, referral rewards, a line's standing) are SQL, spelled once in
 * app/services/cycles/settlement-rules.server.ts; their worked examples are in its test (decision 0037).
 */
import { describe, expect, it } from "vitest";
import { estimatedQuantity, referralBase, WEIGHT_MAX_FACTOR, weightRefusal } from "./settlement.ts";

const wagyu = { unit: "磅", quantity: 2, defaultWeight: 2.5 };
const steak = { unit: "件", quantity: 1, defaultWeight: 1 };

describe("weighing (DESIGN §4.9)", () => {
  it("estimates a weight-priced line by its pieces' weight and a piece line by its pieces", () => {
    expect(estimatedQuantity(wagyu)).toBe(5);
    expect(estimatedQuantity({ ...steak, quantity: 3 })).toBe(3);
  });

  it("refuses weights that are not positive, absurd, or on a piece-priced line", () => {
    expect(WEIGHT_MAX_FACTOR).toBe(10);
    expect(weightRefusal(wagyu, 0)).toBe("notPositive");
    expect(weightRefusal(wagyu, -1)).toBe("notPositive");
    expect(weightRefusal(wagyu, Number.NaN)).toBe("notPositive");
    expect(weightRefusal(wagyu, 50.1)).toBe("tooHeavy");
    expect(weightRefusal(wagyu, 50)).toBeNull();
    expect(weightRefusal(steak, 1)).toBe("notWeighed");
  });
});

describe("referral base (DESIGN §4.8)", () => {
  it("is the order's items amount, not what is left after group refunds", () => {
    // Items $908.00, of which $104.00 came back as group refunds: the base stays $908.00.
    expect(referralBase({ itemsCents: 90_800 })).toBe(90_800);
  });
});
