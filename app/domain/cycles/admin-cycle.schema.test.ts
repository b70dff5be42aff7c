import { describe, expect, it } from "vitest";
import { parseForm } from "../../web/form-parse.ts";
import {
  type CycleInput,
  cycleRefusal,
  cycleSchema,
  daysBetween,
  isCalendarDay,
  maySettle,
  parseCycleListQuery,
} from "./admin-cycle.schema.ts";

/** The form as the action meets it: text fields, empty ones left out by Conform. */
function submit(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseForm(formData, cycleSchema);
}

function errorsOf(fields: Record<string, string>) {
  const submission = submit(fields);
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

const week = { cutoffAt: "2030-01-01T20:00", pickupFrom: "2030-01-03", pickupTo: "2030-01-05" };

describe("cycleSchema", () => {
  it("reads the cut-off as Hong Kong time and keeps the pickup days", () => {
    const read = submit(week);
    expect(read.status).toBe("success");
    if (read.status !== "success") return;
    expect(read.value.cutoffAt.toISOString()).toBe("2030-01-01T12:00:00.000Z");
    expect(read.value).toMatchObject({ pickupFrom: "2030-01-03", pickupTo: "2030-01-05" });
  });

  it("asks for every field and refuses times and days that do not exist", () => {
    expect(errorsOf({})).toEqual({
      cutoffAt: ["validation.required"],
      pickupFrom: ["validation.required"],
      pickupTo: ["validation.required"],
    });
    expect(errorsOf({ ...week, cutoffAt: "2030-02-30T10:00" }).cutoffAt).toEqual([
      "admin.validation.dateTime",
    ]);
    expect(errorsOf({ ...week, pickupFrom: "2030-02-30" }).pickupFrom).toEqual([
      "admin.cycle.validation.day",
    ]);
    expect(errorsOf({ ...week, pickupTo: "5/1/2030" }).pickupTo).toEqual(["admin.cycle.validation.day"]);
  });

  it("keeps pickup on or after the cut-off's Hong Kong day, in order, and at most 14 days long", () => {
    // 2030-01-02 23:30 in Hong Kong is still the 2nd there (the 2nd 15:30 UTC).
    expect(errorsOf({ ...week, cutoffAt: "2030-01-02T23:30", pickupFrom: "2030-01-02" })).toEqual({});
    expect(errorsOf({ ...week, cutoffAt: "2030-01-04T10:00" }).pickupFrom).toEqual([
      "admin.cycle.validation.pickupBeforeCutoff",
    ]);
    expect(errorsOf({ ...week, pickupTo: "2030-01-02" }).pickupTo).toEqual([
      "admin.cycle.validation.pickupOrder",
    ]);
    expect(errorsOf({ ...week, pickupTo: "2030-01-16" })).toEqual({});
    expect(errorsOf({ ...week, pickupTo: "2030-01-17" }).pickupTo).toEqual([
      "admin.cycle.validation.pickupLong",
    ]);
  });
});

describe("calendar days", () => {
  it("knows real days and counts between them", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2030-02-29")).toBe(false);
    expect(isCalendarDay("2030-1-3")).toBe(false);
    expect(daysBetween("2030-01-30", "2030-02-02")).toBe(3);
    expect(daysBetween("2030-01-05", "2030-01-03")).toBe(-2);
  });
});

describe("cycleRefusal", () => {
  const now = new Date("2030-01-01T00:00:00Z");
  const input = (cutoff: string): CycleInput => ({
    cutoffAt: new Date(cutoff),
    pickupFrom: "2030-01-03",
    pickupTo: "2030-01-05",
  });

  it("wants a new or open cycle to end in the future", () => {
    expect(cycleRefusal(null, input("2030-01-02T00:00:00Z"), now)).toBeNull();
    expect(cycleRefusal(null, input("2030-01-01T00:00:00Z"), now)).toBe("cutoffPast");
    const open = { status: "open" as const, cutoffAt: new Date("2030-01-02T00:00:00Z") };
    expect(cycleRefusal(open, input("2029-12-31T00:00:00Z"), now)).toBe("cutoffPast");
    expect(cycleRefusal(open, input("2030-01-03T00:00:00Z"), now)).toBeNull();
  });

  it("lets an open cycle whose cut-off just passed keep it while its pickup days change", () => {
    const due = { status: "open" as const, cutoffAt: new Date("2029-12-31T23:00:00Z") };
    expect(cycleRefusal(due, input("2029-12-31T23:00:00Z"), now)).toBeNull();
  });

  it("locks a closed cycle's cut-off and every field of a settled one", () => {
    const settling = { status: "settling" as const, cutoffAt: new Date("2029-12-31T12:00:00Z") };
    expect(cycleRefusal(settling, input("2029-12-31T12:00:00Z"), now)).toBeNull();
    // Stored with seconds, shown and sent back in minutes: the same cut-off.
    const seeded = { status: "settling" as const, cutoffAt: new Date("2029-12-31T12:00:42.5Z") };
    expect(cycleRefusal(seeded, input("2029-12-31T12:00:00Z"), now)).toBeNull();
    expect(cycleRefusal(seeded, input("2029-12-31T12:01:00Z"), now)).toBe("cutoffLocked");
    expect(cycleRefusal(settling, input("2030-01-08T12:00:00Z"), now)).toBe("cutoffLocked");
    const settled = { status: "settled" as const, cutoffAt: new Date("2029-12-31T12:00:00Z") };
    expect(cycleRefusal(settled, input("2029-12-31T12:00:00Z"), now)).toBe("settled");
  });

  it("offers settle now from the cut-off until the cycle is settled", () => {
    const now2 = new Date("2030-01-01T12:00:00Z");
    expect(maySettle({ status: "open", cutoffAt: new Date("2030-01-01T12:00:01Z") }, now2)).toBe(false);
    expect(maySettle({ status: "open", cutoffAt: now2 }, now2)).toBe(true);
    expect(maySettle({ status: "settling", cutoffAt: new Date("2029-12-31T00:00:00Z") }, now2)).toBe(true);
    expect(maySettle({ status: "settled", cutoffAt: new Date("2029-12-31T00:00:00Z") }, now2)).toBe(false);
  });
});

describe("parseCycleListQuery", () => {
  it("reads the status filter and falls back to every cycle", () => {
    expect(parseCycleListQuery(new URLSearchParams("status=settling&page=2"))).toMatchObject({
      status: "settling",
      page: 2,
      pageSize: 50,
    });
    expect(parseCycleListQuery(new URLSearchParams("status=closed")).status).toBe("all");
  });
});
