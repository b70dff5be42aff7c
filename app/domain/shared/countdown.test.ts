import { describe, expect, it } from "vitest";
import { remainingUntil } from "./countdown.ts";

describe("remainingUntil", () => {
  const now = new Date("2026-11-22T00:00:00Z");

  it("splits the time left into days, hours, minutes and seconds", () => {
    const target = new Date(now.getTime() + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000);
    expect(remainingUntil(target, now)).toEqual({
      reached: false,
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });

  it("is reached at and after the target", () => {
    expect(remainingUntil(now, now).reached).toBe(true);
    expect(remainingUntil(new Date("2022-10-16T21:00:00Z"), now)).toMatchObject({ reached: true, days: 0 });
  });
});
