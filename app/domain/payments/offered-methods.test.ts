import { describe, expect, it } from "vitest";
import { offeredPaymentMethods } from "./offered-methods.ts";

describe("offeredPaymentMethods", () => {
  it("offers PayMe and card, and FPS once the shop has set a valid identifier and name", () => {
    expect(offeredPaymentMethods({ fpsIdentifier: null, fpsAccountName: null })).toEqual(["payme", "card"]);
    expect(offeredPaymentMethods({ fpsIdentifier: "1234567", fpsAccountName: "齊齊買有限公司" })).toEqual([
      "payme",
      "fps",
      "card",
    ]);
    expect(offeredPaymentMethods({ fpsIdentifier: "not an id", fpsAccountName: "齊齊買" })).toEqual([
      "payme",
      "card",
    ]);
  });
});
