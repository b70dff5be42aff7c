import { describe, expect, it } from "vitest";
import { orderStatuses, paymentMethods } from "../../db/schema/orders.ts";
import { parseForm } from "../../web/form-parse.ts";
import {
  adminOrderFilterParams,
  cancelCredits,
  cancelRefusal,
  collectRefusal,
  collectSchema,
  normalizePickupCode,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  parseAdminOrderQuery,
} from "./admin-order.schema.ts";

function collect(code: string) {
  const formData = new FormData();
  formData.append("code", code);
  return parseForm(formData, collectSchema);
}

describe("the order back office's lists of statuses and methods", () => {
  it("are the database's own, in the same order", () => {
    expect(ORDER_STATUSES).toEqual(orderStatuses);
    expect(PAYMENT_METHODS).toEqual(paymentMethods);
  });
});

describe("parseAdminOrderQuery", () => {
  it("reads every filter and keeps them in the CSV and print links", () => {
    const query = parseAdminOrderQuery(
      new URLSearchParams("q=9123&cycle=4&status=paid&point=7&method=payme&page=2"),
    );
    expect(query).toMatchObject({
      q: "9123",
      cycleId: 4,
      status: "paid",
      pickupPointId: 7,
      paymentMethod: "payme",
      page: 2,
      pageSize: 50,
    });
    expect(adminOrderFilterParams(query).toString()).toBe("q=9123&cycle=4&status=paid&point=7&method=payme");
  });

  it("takes nonsense as no filter", () => {
    const query = parseAdminOrderQuery(new URLSearchParams("cycle=x&status=lost&point=-1&method=cash"));
    expect(query).toMatchObject({ cycleId: null, status: null, pickupPointId: null, paymentMethod: null });
    expect(adminOrderFilterParams(query).toString()).toBe("");
  });

  it("reads the PayMe claims waiting for confirmation as a status filter (decision 0025)", () => {
    const query = parseAdminOrderQuery(new URLSearchParams("status=awaiting_confirmation"));
    expect(query.status).toBe("awaiting_confirmation");
    expect(adminOrderFilterParams(query).toString()).toBe("status=awaiting_confirmation");
  });
});

describe("collectSchema", () => {
  it("forgives spaces, dashes and lower case", () => {
    expect(normalizePickupCode(" ab2-c3d 4 ")).toBe("AB2C3D4");
    const read = collect("k7m 9pq");
    expect(read.status === "success" && read.value.code).toBe("K7M9PQ");
  });

  it("refuses a blank code and one that cannot be a pickup code", () => {
    expect(collect("").reply().error?.code).toEqual(["validation.required"]);
    // 0, O, 1 and I are never in a code; five characters are too few.
    for (const bad of ["K7M0PQ", "K7MOPQ", "K7M1PQ", "K7M9P"]) {
      expect(collect(bad).reply().error?.code, bad).toEqual(["admin.orders.validation.code"]);
    }
  });
});

describe("cancelRefusal (DESIGN §4.6)", () => {
  const now = new Date("2030-01-01T04:00:00Z");
  const open = { status: "open", cutoffAt: new Date("2030-01-01T12:00:00Z") };

  it("allows a pending or paid order while its cycle takes orders", () => {
    expect(cancelRefusal({ status: "pending_payment" }, open, now)).toBeNull();
    expect(cancelRefusal({ status: "paid" }, open, now)).toBeNull();
  });

  it("refuses at and after the cut-off, and once the cycle has closed", () => {
    expect(cancelRefusal({ status: "paid" }, { ...open, cutoffAt: now }, now)).toBe("afterCutoff");
    expect(cancelRefusal({ status: "paid" }, { ...open, status: "settling" }, now)).toBe("afterCutoff");
  });

  it("still cancels an unpaid order after the cut-off, until the cycle is settled", () => {
    expect(
      cancelRefusal({ status: "pending_payment" }, { ...open, status: "settling", cutoffAt: now }, now),
    ).toBeNull();
    expect(cancelRefusal({ status: "pending_payment" }, { ...open, status: "settled" }, now)).toBe(
      "afterCutoff",
    );
  });

  it("refuses orders past payment", () => {
    for (const status of ["confirmed", "ready_for_pickup", "collected", "expired", "cancelled"]) {
      expect(cancelRefusal({ status }, open, now), status).toBe("status");
    }
  });
});

describe("cancelCredits", () => {
  const order = { dDollarUsedCents: 3_000, payableCents: 7_000, cardFeeCents: 105 };

  it("gives a paid order back everything: dDollar used, payable and card fee", () => {
    expect(cancelCredits({ ...order, status: "paid" }, 0)).toEqual({
      releaseCents: 3_000,
      refundCents: 7_105,
    });
  });

  it("gives a pending order back only its dDollar", () => {
    expect(cancelCredits({ ...order, status: "pending_payment" }, 0)).toEqual({
      releaseCents: 3_000,
      refundCents: 0,
    });
  });

  it("does not return twice what a weighing already credited", () => {
    expect(cancelCredits({ ...order, status: "paid" }, 1_000).refundCents).toBe(6_105);
    expect(cancelCredits({ ...order, status: "paid" }, 9_000).refundCents).toBe(0);
  });
});

describe("collectRefusal", () => {
  it("hands over ready and confirmed orders only, saying why not otherwise", () => {
    expect(collectRefusal("ready_for_pickup")).toBeNull();
    expect(collectRefusal("confirmed")).toBeNull();
    expect(collectRefusal("collected")).toBe("alreadyCollected");
    expect(collectRefusal("paid")).toBe("notReady");
    expect(collectRefusal("pending_payment")).toBe("notPaid");
    expect(collectRefusal("cancelled")).toBe("released");
    expect(collectRefusal("expired")).toBe("released");
  });
});
