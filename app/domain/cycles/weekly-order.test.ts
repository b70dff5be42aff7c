import { describe, expect, it } from "vitest";
import { parseForm } from "../../web/form-parse.ts";
import {
  formatWeight,
  PRINT_MAX_ROWS,
  pageOf,
  parseWeeklyOrderQuery,
  weighingEntries,
  weighingSchema,
} from "./weekly-order.ts";

function submit(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseForm(formData, weighingSchema);
}

function errorsOf(fields: Record<string, string>) {
  const submission = submit(fields);
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

const page = {
  cycle: "4",
  "lines[0].lineId": "11",
  "lines[1].lineId": "12",
  "lines[2].lineId": "13",
};

describe("parseWeeklyOrderQuery", () => {
  it("reads the cycle, view, filters and print flag; nonsense falls back", () => {
    expect(
      parseWeeklyOrderQuery(
        new URLSearchParams("cycle=7&view=weighing&product=3&unweighed=1&page=1&print=1"),
      ),
    ).toMatchObject({ cycleId: 7, view: "weighing", productId: 3, unweighed: true, page: 1, print: true });
    expect(parseWeeklyOrderQuery(new URLSearchParams("cycle=x&view=secret&point=-1"))).toMatchObject({
      cycleId: null,
      view: "products",
      pointId: null,
      unweighed: false,
      print: false,
    });
  });
});

describe("weighingSchema", () => {
  it("weighs only the row whose button was pressed", () => {
    const read = submit({ ...page, only: "12", "lines[0].weight": "1.5", "lines[1].weight": "2.345" });
    expect(read.status).toBe("success");
    if (read.status !== "success") return;
    expect(weighingEntries(read.value)).toEqual([{ lineId: 12, weight: 2.345 }]);
  });

  it("weighs every row given a weight in bulk", () => {
    const read = submit({ ...page, "lines[0].weight": "1.5", "lines[2].weight": "3" });
    expect(read.status === "success" && weighingEntries(read.value)).toEqual([
      { lineId: 11, weight: 1.5 },
      { lineId: 13, weight: 3 },
    ]);
  });

  it("wants the pressed row's weight, or at least one weight in bulk", () => {
    expect(errorsOf({ ...page, only: "12", "lines[0].weight": "1" })).toEqual({
      "lines[1].weight": ["admin.weigh.validation.weight"],
    });
    expect(errorsOf(page)).toEqual({ "": ["admin.weigh.validation.none"] });
    expect(errorsOf({ ...page, only: "99", "lines[0].weight": "1" })).toEqual({
      only: ["admin.weigh.refusal.unknownLine"],
    });
  });

  it("refuses weights that are not positive numbers with at most three decimals", () => {
    expect(errorsOf({ ...page, "lines[0].weight": "-1" })).toEqual({
      "lines[0].weight": ["admin.weigh.refusal.notPositive"],
    });
    expect(errorsOf({ ...page, "lines[0].weight": "0" })["lines[0].weight"]).toEqual([
      "admin.weigh.refusal.notPositive",
    ]);
    expect(errorsOf({ ...page, "lines[0].weight": "1.2345" })["lines[0].weight"]).toEqual([
      "admin.weigh.validation.decimals",
    ]);
    expect(errorsOf({ ...page, "lines[0].weight": "abc" })["lines[0].weight"]).toEqual(["validation.number"]);
    expect(errorsOf({ ...page, "lines[0].weight": "100000" })["lines[0].weight"]).toEqual([
      "admin.weigh.validation.tooLarge",
    ]);
  });
});

describe("formatWeight", () => {
  it("shows at most three decimals without trailing zeros", () => {
    expect(formatWeight(3 * 1.1)).toBe("3.3");
    expect(formatWeight(2.5)).toBe("2.5");
    expect(formatWeight(4)).toBe("4");
    expect(formatWeight(1.23456)).toBe("1.235");
  });
});

describe("pageOf: one page of a list, or all of it for the printer", () => {
  it("clamps a page past the end to the last page", () => {
    expect(pageOf({ page: 9, pageSize: 20 }, 45)).toEqual({ page: 2, pageSize: 20, limit: 20, offset: 40 });
  });

  it("prints every row on one page, up to the print cap", () => {
    expect(pageOf("all", 45)).toEqual({ page: 0, pageSize: 45, limit: PRINT_MAX_ROWS, offset: 0 });
    expect(pageOf("all", 0).pageSize).toBe(1);
    expect(pageOf("all", PRINT_MAX_ROWS + 1).pageSize).toBe(PRINT_MAX_ROWS);
  });
});
