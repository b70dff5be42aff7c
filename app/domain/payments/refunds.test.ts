import { describe, expect, it } from "vitest";
import {
  nextCardState,
  parseRefundState,
  recordTransferSchema,
  refundChoiceSchema,
  refundMethodOf,
} from "./refunds.ts";

describe("refunds to the original payment (decision 0052)", () => {
  it("moves a card refund forward only: a late or repeated word never undoes one", () => {
    expect(nextCardState("requested", "pending")).toBe("sent");
    expect(nextCardState("requested", "succeeded")).toBe("succeeded");
    expect(nextCardState("sent", "failed")).toBe("failed");
    expect(nextCardState("succeeded", "pending")).toBe("succeeded");
    expect(nextCardState("succeeded", "failed")).toBe("succeeded");
    expect(nextCardState("failed", "succeeded")).toBe("failed");
    expect(nextCardState("recorded", "succeeded")).toBe("recorded");
  });

  it("gives money back the way it came: the sandbox is the card, dDollar has no refund method", () => {
    expect(refundMethodOf("sandbox")).toBe("card");
    expect(refundMethodOf("card")).toBe("card");
    expect(refundMethodOf("payme")).toBe("payme");
    expect(refundMethodOf("fps")).toBe("fps");
    expect(refundMethodOf("dDollar")).toBeNull();
  });

  it("reads the admin's choice (dDollar unless told) and a transfer's reference", () => {
    expect(refundChoiceSchema.parse({})).toEqual({ refundTo: "dollar" });
    expect(refundChoiceSchema.parse({ refundTo: "card" })).toEqual({ refundTo: "card" });
    expect(refundChoiceSchema.safeParse({ refundTo: "cheque" }).success).toBe(false);
    expect(recordTransferSchema.safeParse({ intent: "record", refundId: "3", reference: "  " }).success).toBe(
      false,
    );
    expect(recordTransferSchema.parse({ intent: "record", refundId: "3", reference: " FPS1 " })).toEqual({
      intent: "record",
      refundId: 3,
      reference: "FPS1",
    });
    expect(parseRefundState("sent")).toBe("sent");
    expect(parseRefundState("all")).toBeNull();
  });
});
