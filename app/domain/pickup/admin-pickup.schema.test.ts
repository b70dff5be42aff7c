import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { parseForm } from "../../web/form-parse.ts";
import {
  DEFAULT_PICKUP_HOURS,
  districtSchema,
  parseDistrictListQuery,
  parsePickupPointListQuery,
  pickupPointSchema,
} from "./admin-pickup.schema.ts";

/** The schemas as the action meets them: form fields, all text, empty ones left out by Conform. */
function submit<Schema extends z.ZodType>(schema: Schema, fields: Record<string, string | string[]>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) formData.append(name, one);
  return parseForm(formData, schema);
}

function errorsOf(submission: ReturnType<typeof submit<z.ZodType>>) {
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

const point = {
  districtId: "3",
  name: " 旺角站 ",
  address: "九龍旺角彌敦道 600 號地下",
  hours: DEFAULT_PICKUP_HOURS,
  openDays: ["1", "2", "3", "4", "5"],
  deliveryCharge: "15",
};

describe("pickupPointSchema's opening days (issue 27 item 7)", () => {
  it("reads the ticked weekdays, one or several, sorted and once each", () => {
    const one = submit(pickupPointSchema, { ...point, openDays: "6" });
    expect(one.status === "success" && one.value.openDays).toEqual([6]);
    const several = submit(pickupPointSchema, { ...point, openDays: ["7", "6", "6", "1"] });
    expect(several.status === "success" && several.value.openDays).toEqual([1, 6, 7]);
  });

  it("refuses no day at all and days that are not weekdays", () => {
    const { openDays: _, ...noDays } = point;
    expect(errorsOf(submit(pickupPointSchema, noDays)).openDays).toEqual(["admin.point.validation.openDays"]);
    expect(submit(pickupPointSchema, { ...point, openDays: ["0"] }).status).toBe("error");
    expect(submit(pickupPointSchema, { ...point, openDays: ["8"] }).status).toBe("error");
  });
});

describe("districtSchema", () => {
  it("reads a name, one of the three areas and a position", () => {
    const read = submit(districtSchema, { name: " 油尖旺 ", area: "九龍", position: "4" });
    expect(read.status === "success" && read.value).toEqual({ name: "油尖旺", area: "九龍", position: 4 });
    const noPosition = submit(districtSchema, { name: "中西區", area: "香港島" });
    expect(noPosition.status === "success" && noPosition.value.position).toBe(0);
  });

  it("refuses a blank or long name, an unknown area and a bad position", () => {
    expect(errorsOf(submit(districtSchema, { name: "  ", area: "九龍" })).name).toEqual([
      "validation.required",
    ]);
    expect(errorsOf(submit(districtSchema, { name: "區".repeat(31), area: "九龍" })).name).toEqual([
      "validation.tooLong",
    ]);
    expect(errorsOf(submit(districtSchema, { name: "離島", area: "澳門" })).area).toEqual([
      "validation.required",
    ]);
    expect(errorsOf(submit(districtSchema, { name: "離島" })).area).toEqual(["validation.required"]);
    for (const bad of ["-1", "1.5", "10000"]) {
      expect(
        errorsOf(submit(districtSchema, { name: "離島", area: "新界及離島", position: bad })).position,
      ).toEqual(["admin.validation.position"]);
    }
    expect(
      errorsOf(submit(districtSchema, { name: "離島", area: "新界及離島", position: "abc" })).position,
    ).toEqual(["validation.number"]);
  });
});

describe("pickupPointSchema", () => {
  it("turns dollars into cents and leaves optional fields out when blank", () => {
    const read = submit(pickupPointSchema, { ...point, runFee: "", merchantId: "", bannerMobile: "" });
    expect(read.status === "success" && read.value).toEqual({
      districtId: 3,
      name: "旺角站",
      address: "九龍旺角彌敦道 600 號地下",
      hours: DEFAULT_PICKUP_HOURS,
      openDays: [1, 2, 3, 4, 5],
      deliveryCharge: 1_500,
      active: false,
      position: 0,
    });
  });

  it("reads every field of a full form", () => {
    const read = submit(pickupPointSchema, {
      ...point,
      deliveryCharge: "$12.5",
      runFee: "120.00",
      merchantId: "8",
      active: "on",
      position: "2",
      bannerDesktop: "/uploads/pickup-points/abc-1280w.webp",
      bannerMobile: "https://cdn.example.hk/mk.webp",
    });
    expect(read.status).toBe("success");
    expect(read.status === "success" && read.value).toMatchObject({
      deliveryCharge: 1_250,
      runFee: 12_000,
      merchantId: 8,
      active: true,
      position: 2,
      bannerDesktop: "/uploads/pickup-points/abc-1280w.webp",
      bannerMobile: "https://cdn.example.hk/mk.webp",
    });
  });

  it("takes 0 as free delivery", () => {
    const read = submit(pickupPointSchema, { ...point, deliveryCharge: "0" });
    expect(read.status === "success" && read.value.deliveryCharge).toBe(0);
  });

  it("refuses negative amounts, a third decimal, words and amounts past $10,000", () => {
    const cases: [string, string][] = [
      ["-5", "admin.validation.negative"],
      ["-0.01", "admin.validation.negative"],
      ["12.345", "admin.validation.moneyDecimals"],
      ["十五", "validation.number"],
      ["1e3", "validation.number"],
      ["10000.01", "admin.validation.tooLarge"],
      ["99999999", "admin.validation.tooLarge"],
    ];
    for (const [typed, message] of cases) {
      const errors = errorsOf(submit(pickupPointSchema, { ...point, deliveryCharge: typed, runFee: typed }));
      expect(errors.deliveryCharge, typed).toEqual([message]);
      expect(errors.runFee, typed).toEqual([message]);
    }
    expect(submit(pickupPointSchema, { ...point, deliveryCharge: "10000" }).status).toBe("success");
  });

  it("needs a district, a name, an address, hours and a charge", () => {
    const errors = errorsOf(submit(pickupPointSchema, {}));
    for (const field of ["districtId", "name", "address", "hours", "deliveryCharge"]) {
      expect(errors[field], field).toEqual(["validation.required"]);
    }
    expect(errorsOf(submit(pickupPointSchema, { ...point, districtId: "0" })).districtId).toEqual([
      "validation.required",
    ]);
  });

  it("refuses banner addresses that are neither an upload nor https", () => {
    for (const bad of [
      "javascript:alert(1)",
      "http://example.com/a.png",
      "//evil.example/a.png",
      "/uploads/../x",
    ]) {
      expect(
        errorsOf(submit(pickupPointSchema, { ...point, bannerDesktop: bad })).bannerDesktop,
        bad,
      ).toEqual(["admin.validation.imageAddress"]);
    }
  });
});

describe("the list queries", () => {
  it("reads the district, status and area filters, falling back to all for nonsense", () => {
    expect(
      parsePickupPointListQuery(new URLSearchParams("q=旺角&district=4&status=inactive&page=2")),
    ).toEqual({
      q: "旺角",
      page: 2,
      pageSize: 50,
      districtId: 4,
      status: "inactive",
    });
    const nonsense = parsePickupPointListQuery(new URLSearchParams("district=abc&status=evil"));
    expect(nonsense).toMatchObject({ districtId: null, status: "all", page: 0 });
    expect(parseDistrictListQuery(new URLSearchParams("area=九龍")).area).toBe("九龍");
    expect(parseDistrictListQuery(new URLSearchParams("area=澳門")).area).toBe("all");
  });
});
