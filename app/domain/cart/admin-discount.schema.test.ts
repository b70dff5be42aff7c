import { describe, expect, it } from "vitest";
import { parseForm } from "../../web/form-parse.ts";
import { discountCodeSchema, discountCodeValues, parseDiscountListQuery } from "./admin-discount.schema.ts";

function submit(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseForm(formData, discountCodeSchema);
}

function errorsOf(fields: Record<string, string>) {
  const submission = submit(fields);
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

describe("discountCodeSchema (DESIGN §4.12)", () => {
  it("reads a code in capitals, the percentage, limits, the minimum in cents and a Hong Kong window", () => {
    const read = submit({
      code: " spring-25 ",
      description: " 春季優惠 ",
      percentageDiscount: "85",
      minItems: "199.5",
      totalLimit: "100",
      perMemberLimit: "1",
      startsAt: "2030-03-01T00:00",
      endsAt: "2030-03-31T23:59",
      active: "on",
    });
    expect(read.status).toBe("success");
    if (read.status !== "success") return;
    expect(discountCodeValues(read.value)).toEqual({
      code: "SPRING-25",
      description: "春季優惠",
      percentageDiscount: 85,
      minItemsCents: 19_950,
      totalLimit: 100,
      perMemberLimit: 1,
      startsAt: new Date("2030-02-28T16:00:00Z"),
      endsAt: new Date("2030-03-31T15:59:00Z"),
      active: true,
    });
  });

  it("leaves out what is blank: no minimum, no limits, no window, inactive", () => {
    const read = submit({ code: "FREE", percentageDiscount: "0" });
    expect(read.status === "success" && discountCodeValues(read.value)).toEqual({
      code: "FREE",
      description: "",
      percentageDiscount: 0,
      minItemsCents: 0,
      totalLimit: null,
      perMemberLimit: null,
      startsAt: null,
      endsAt: null,
      active: false,
    });
  });

  it("refuses a percentage outside 0–100 or with decimals", () => {
    for (const bad of ["101", "-1", "90.5"]) {
      expect(errorsOf({ code: "ABC", percentageDiscount: bad }).percentageDiscount, bad).toEqual([
        "admin.discount.validation.percentage",
      ]);
    }
    expect(errorsOf({ code: "ABC" }).percentageDiscount).toEqual(["validation.number"]);
  });

  it("refuses a code that is blank, too short, too long or has other characters", () => {
    expect(errorsOf({ percentageDiscount: "90" }).code).toEqual(["validation.required"]);
    for (const bad of ["AB", "X".repeat(31), "聖誕", "XMAS 2022"]) {
      expect(errorsOf({ code: bad, percentageDiscount: "90" }).code, bad).toEqual([
        "admin.discount.validation.code",
      ]);
    }
  });

  it("refuses limits below 1, a negative minimum, a bad time and a window that ends before it starts", () => {
    const errors = errorsOf({
      code: "ABC",
      percentageDiscount: "90",
      totalLimit: "0",
      perMemberLimit: "1.5",
      minItems: "-5",
    });
    expect(errors.totalLimit).toEqual(["admin.discount.validation.limit"]);
    expect(errors.perMemberLimit).toEqual(["admin.discount.validation.limit"]);
    expect(errors.minItems).toEqual(["admin.validation.negative"]);
    const window = { code: "ABC", percentageDiscount: "90", startsAt: "2030-03-02T00:00" };
    expect(errorsOf({ ...window, endsAt: "2030-03-01T00:00" }).endsAt).toEqual([
      "admin.discount.validation.window",
    ]);
    expect(errorsOf({ ...window, endsAt: "2030-03-02T00:00" }).endsAt).toEqual([
      "admin.discount.validation.window",
    ]);
    expect(errorsOf({ ...window, endsAt: "2030-02-30T00:00" }).endsAt).toEqual(["admin.validation.dateTime"]);
  });
});

describe("parseDiscountListQuery", () => {
  it("reads the status filter and falls back to all", () => {
    expect(parseDiscountListQuery(new URLSearchParams("status=inactive&q=xmas")).status).toBe("inactive");
    expect(parseDiscountListQuery(new URLSearchParams("status=gone")).status).toBe("all");
  });
});
