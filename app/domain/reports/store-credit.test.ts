import { describe, expect, it } from "vitest";
import { creditPeriod, parseCreditQuery } from "./store-credit.ts";

describe("store credit periods", () => {
  it("sorts each reason into issued, spent or adjusted and carries the running figure", () => {
    const period = creditPeriod({
      key: "2026-12",
      label: "2026年12月",
      openingCents: 10_000,
      byReason: [
        { reason: "group_refund", cents: 1_500 },
        { reason: "cancel_refund", cents: 2_000 },
        { reason: "order_payment", cents: -4_000 },
        { reason: "order_release", cents: 1_000 },
        { reason: "admin_adjustment", cents: -500 },
      ],
    });
    expect(period).toMatchObject({
      issuedCents: 3_500,
      spentCents: -3_000,
      adjustedCents: -500,
      closingCents: 10_000,
    });
    expect(period.issued.find((row) => row.reason === "group_refund")?.cents).toBe(1_500);
  });

  it("reads the page's query", () => {
    const now = new Date("2026-12-10T04:00:00Z");
    expect(parseCreditQuery(new URLSearchParams(""), now)).toEqual({
      kind: "month",
      key: "2026-12",
      page: 0,
    });
    expect(parseCreditQuery(new URLSearchParams("period=week&key=2026-12-03&page=2"), now)).toEqual({
      kind: "week",
      key: "2026-11-30",
      page: 2,
    });
    expect(parseCreditQuery(new URLSearchParams("period=month&key=2026-13"), now).key).toBe("2026-12");
  });
});
