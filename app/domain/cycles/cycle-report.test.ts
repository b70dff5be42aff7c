import { describe, expect, it } from "vitest";
import { groupStatus, reportTotals, SETTLEMENT_CREDIT_REASONS } from "./cycle-report.ts";

describe("groupStatus", () => {
  it("shows the settled outcome, and before settlement whether the target is reached", () => {
    expect(groupStatus({ mode: "general", buyers: 1, targetBuyers: 5, outcome: "met" })).toBe("met");
    expect(groupStatus({ mode: "limited", buyers: 9, targetBuyers: 5, outcome: "missed" })).toBe("missed");
    expect(groupStatus({ mode: "general", buyers: 5, targetBuyers: 5, outcome: null })).toBe("reached");
    expect(groupStatus({ mode: "limited", buyers: 4, targetBuyers: 5, outcome: null })).toBe("short");
    expect(groupStatus({ mode: "general", buyers: 0, targetBuyers: null, outcome: null })).toBe("reached");
    expect(groupStatus({ mode: "instock", buyers: 3, targetBuyers: null, outcome: null })).toBe("instock");
  });
});

describe("reportTotals", () => {
  const sums = { itemsCents: 100_000, discountCents: 5_050, deliveryCents: 4_000, cardFeeCents: 1_485 };

  it("adds up: paid = items − discount + delivery + card fees, net = paid − Σ reasons", () => {
    const totals = reportTotals(sums, [
      { reason: "group_refund", records: 3, cents: 6_600 },
      { reason: "delivery_refund", records: 2, cents: 1_001 },
      { reason: "weight_refund", records: 1, cents: 333 },
    ]);
    expect(totals.paidCents).toBe(100_435);
    expect(totals.creditedCents).toBe(7_934);
    expect(totals.creditedRecords).toBe(6);
    expect(totals.netCents).toBe(92_501);
    expect(totals.credits.reduce((sum, credit) => sum + credit.cents, 0)).toBe(totals.creditedCents);
  });

  it("lists every settlement reason in order, with zeros, and leaves other records out", () => {
    const totals = reportTotals(sums, [
      { reason: "referral_reward", records: 2, cents: 500 },
      { reason: "order_payment", records: 4, cents: -9_000 },
    ]);
    expect(totals.credits.map((credit) => credit.reason)).toEqual([...SETTLEMENT_CREDIT_REASONS]);
    expect(totals.credits.find((credit) => credit.reason === "group_refund")).toEqual({
      reason: "group_refund",
      records: 0,
      cents: 0,
    });
    expect(totals.creditedCents).toBe(500);
  });
});
