import { describe, expect, it } from "vitest";
import { fromHkLocalInput, toHkLocalInput } from "../shared/hk-time.ts";
import {
  closedPickupPoints,
  closePickupRefusal,
  DEFAULT_WEEKLY_CUTOFF,
  keepsPickupOrder,
  nextCycleDates,
  parseMinute,
  weekdayOf,
  weeklyCutoffOnOrAfter,
} from "./cycle-calendar.ts";

const hk = (text: string) => {
  const [local, seconds = "0"] = text.split(":").length === 3 ? [text.slice(0, 16), text.slice(17)] : [text];
  const instant = fromHkLocalInput(local!);
  if (!instant) throw new Error(text);
  return new Date(instant.getTime() + Number(seconds) * 1000);
};
const hkText = (instant: Date) =>
  `${toHkLocalInput(instant)}:${String(new Date(instant).getUTCSeconds()).padStart(2, "0")}`;

describe("the shop's weekly cut-off (issue 27 item 7)", () => {
  it("numbers weekdays from Monday and reads times", () => {
    expect(weekdayOf("2030-01-06")).toBe(7); // a Sunday
    expect(weekdayOf("2030-01-07")).toBe(1);
    expect(parseMinute("23:59")).toBe(1439);
    expect(parseMinute("24:00")).toBeNull();
  });

  it("finds the first weekly cut-off on or after an instant, in Hong Kong time", () => {
    const sunday = { weekday: 7, minute: 23 * 60 + 59 };
    expect(hkText(weeklyCutoffOnOrAfter(hk("2030-01-01T15:37:12"), sunday))).toBe("2030-01-06T23:59:00");
    expect(hkText(weeklyCutoffOnOrAfter(hk("2030-01-06T23:59"), sunday))).toBe("2030-01-06T23:59:00");
    expect(hkText(weeklyCutoffOnOrAfter(hk("2030-01-06T23:59:59"), sunday))).toBe("2030-01-13T23:59:00");
    // 00:30 in Hong Kong is still the day before in UTC.
    expect(hkText(weeklyCutoffOnOrAfter(hk("2030-01-07T00:30"), { weekday: 1, minute: 60 }))).toBe(
      "2030-01-07T01:00:00",
    );
  });

  it("puts the next cycle on the pattern, at least three days on, keeping the pickup lead", () => {
    const closed = { cutoffAt: hk("2030-01-01T15:37:12"), pickupFrom: "2030-01-03", pickupTo: "2030-01-05" };
    const next = nextCycleDates(closed, closed.cutoffAt, DEFAULT_WEEKLY_CUTOFF);
    expect(hkText(next.cutoffAt)).toBe("2030-01-06T23:59:00");
    expect(next).toMatchObject({ pickupFrom: "2030-01-08", pickupTo: "2030-01-10" });

    // A cycle closed at 23:59:59 on the pattern's Sunday: the next ends a week later.
    const sunday = { cutoffAt: hk("2030-01-06T23:59:59"), pickupFrom: "2030-01-08", pickupTo: "2030-01-10" };
    const after = nextCycleDates(sunday, sunday.cutoffAt, DEFAULT_WEEKLY_CUTOFF);
    expect(hkText(after.cutoffAt)).toBe("2030-01-13T23:59:00");
    expect(after).toMatchObject({ pickupFrom: "2030-01-15", pickupTo: "2030-01-17" });

    // Closed early on a Saturday: Sunday is too soon, so the Sunday after.
    const early = nextCycleDates(sunday, hk("2030-01-05T10:00"), DEFAULT_WEEKLY_CUTOFF);
    expect(hkText(early.cutoffAt)).toBe("2030-01-13T23:59:00");
  });

  it("never has a later cycle pick up before an earlier one (issue 47 item 8)", () => {
    // Cut-off Monday 14 Dec, pickup 16–18 Dec; 立即截單 on Tuesday 8 Dec. The next cut-off is Sunday
    // 13 Dec, and two days' lead would pick up on 15 Dec, before the closed cycle: it moves on.
    const closed = { cutoffAt: hk("2026-12-14T23:59"), pickupFrom: "2026-12-16", pickupTo: "2026-12-18" };
    const next = nextCycleDates(closed, hk("2026-12-08T10:00"), DEFAULT_WEEKLY_CUTOFF);
    expect(hkText(next.cutoffAt)).toBe("2026-12-13T23:59:00");
    expect(next).toMatchObject({ pickupFrom: "2026-12-16", pickupTo: "2026-12-18" });
    expect(keepsPickupOrder(closed, next)).toBe(true);
    // Closed on time, the lead is kept as it was.
    const onTime = nextCycleDates(closed, closed.cutoffAt, DEFAULT_WEEKLY_CUTOFF);
    expect(onTime).toMatchObject({ pickupFrom: "2026-12-22", pickupTo: "2026-12-24" });

    const now = hk("2026-12-08T10:00");
    const window = (pickupFrom: string, pickupTo: string, cutoffAt = now) => ({
      cutoffAt,
      pickupFrom,
      pickupTo,
    });
    const sunday = hk("2026-12-13T23:59");
    expect(
      closePickupRefusal(window("2026-12-10", "2026-12-12"), window("2026-12-15", "2026-12-17", sunday)),
    ).toBeNull();
    expect(
      closePickupRefusal(window("2026-12-16", "2026-12-18"), window("2026-12-15", "2026-12-17", sunday)),
    ).toBe("pickupOrder");
    expect(
      closePickupRefusal(window("2026-12-16", "2026-12-18"), window("2026-12-16", "2026-12-17", sunday)),
    ).toBe("pickupOrder");
    expect(
      closePickupRefusal(window("2026-12-07", "2026-12-09"), window("2026-12-15", "2026-12-17", sunday)),
    ).toBe("pickupBeforeCutoff");
    expect(
      closePickupRefusal(window("2026-12-10", "2026-12-12"), window("2026-12-12", "2026-12-17", sunday)),
    ).toBe("pickupBeforeCutoff");
    expect(
      closePickupRefusal(window("2026-12-12", "2026-12-10"), window("2026-12-15", "2026-12-17", sunday)),
    ).toBe("pickupRange");
  });

  it("names the pickup points closed on pickup days", () => {
    const points = [
      { id: 1, name: "平日店", openDays: [1, 2, 3, 4, 5] },
      { id: 2, name: "六日店", openDays: [6, 7] },
      { id: 3, name: "每日店", openDays: [1, 2, 3, 4, 5, 6, 7] },
    ];
    expect(closedPickupPoints(points, "2030-01-04", "2030-01-06")).toEqual([
      { id: 1, name: "平日店", days: ["2030-01-05", "2030-01-06"], allDays: false },
      { id: 2, name: "六日店", days: ["2030-01-04"], allDays: false },
    ]);
    expect(closedPickupPoints(points, "2030-01-05", "2030-01-06")).toEqual([
      { id: 1, name: "平日店", days: ["2030-01-05", "2030-01-06"], allDays: true },
    ]);
  });
});
