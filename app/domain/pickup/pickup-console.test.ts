import { describe, expect, it } from "vitest";
import { maskMember, pickupQrPayload, readPickupScan } from "./pickup-console.ts";

describe("the member's pickup QR", () => {
  it("names the shop before the code", () => {
    expect(pickupQrPayload("K7M2QX")).toBe("gather-pickup:K7M2QX");
  });

  it("is read back to the code, whatever the case of the prefix", () => {
    expect(readPickupScan("gather-pickup:K7M2QX")).toEqual({ ok: true, code: "K7M2QX" });
    expect(readPickupScan("  GATHER-PICKUP:k7m2qx \n")).toEqual({ ok: true, code: "K7M2QX" });
  });

  it("takes a code typed by staff with spaces, dashes and lower case", () => {
    expect(readPickupScan("k7m 2qx")).toEqual({ ok: true, code: "K7M2QX" });
    expect(readPickupScan("K7M-2QX")).toEqual({ ok: true, code: "K7M2QX" });
  });

  it("calls another shop's QR or a link another shop's", () => {
    expect(readPickupScan("other-shop:K7M2QX")).toEqual({ ok: false, error: "otherShop" });
    expect(readPickupScan("https://example.com/order/K7M2QX")).toEqual({ ok: false, error: "otherShop" });
    expect(readPickupScan("WIFI:S:cafe;T:WPA;P:secret;;")).toEqual({ ok: false, error: "otherShop" });
  });

  it("refuses what cannot be a pickup code", () => {
    expect(readPickupScan("")).toEqual({ ok: false, error: "invalid" });
    expect(readPickupScan("   ")).toEqual({ ok: false, error: "invalid" });
    // 0, 1, I, L and O are not in the alphabet; six characters exactly.
    expect(readPickupScan("K7M2Q0")).toEqual({ ok: false, error: "invalid" });
    expect(readPickupScan("K7M2QXY")).toEqual({ ok: false, error: "invalid" });
    expect(readPickupScan("gather-pickup:")).toEqual({ ok: false, error: "invalid" });
    expect(readPickupScan("gather-pickup:K7M2Q")).toEqual({ ok: false, error: "invalid" });
    expect(readPickupScan("x".repeat(500))).toEqual({ ok: false, error: "invalid" });
  });
});

describe("the member as staff see them", () => {
  it("is the surname and the phone's last four digits", () => {
    expect(maskMember({ lastName: "陳", phone: "91234567" })).toEqual({ surname: "陳", phoneEnd: "4567" });
    expect(maskMember({ lastName: " 歐陽 ", phone: "+852 6123 9876" })).toEqual({
      surname: "歐陽",
      phoneEnd: "9876",
    });
  });

  it("never shows more than four characters of the surname, nor an empty one", () => {
    expect(maskMember({ lastName: "Wonderland-Smith", phone: "51234567" }).surname).toBe("Wond");
    expect(maskMember({ lastName: "  ", phone: "51234567" }).surname).toBe("—");
  });
});

describe("handing an order over", () => {
  it("is allowed for a ready or confirmed order and refused otherwise with the reason", async () => {
    const { handoverRefusal } = await import("./pickup-console.ts");
    expect(handoverRefusal("ready_for_pickup")).toBeNull();
    expect(handoverRefusal("confirmed")).toBeNull();
    expect(handoverRefusal("collected")).toBe("alreadyCollected");
    expect(handoverRefusal("paid")).toBe("notReady");
    expect(handoverRefusal("pending_payment")).toBe("notPaid");
    expect(handoverRefusal("cancelled")).toBe("released");
    expect(handoverRefusal("expired")).toBe("released");
  });
});
