import { describe, expect, it } from "vitest";
import { siteSettingsSchema } from "./admin-settings.schema.ts";

const valid = {
  maintenance: true,
  reopenAt: "2022-10-17T05:00",
  shopName: "齊齊買",
  supportWhatsapp: "9123 4567",
  cardFeePercent: "1.5",
  referralPercent: 5,
  facebookUrl: "https://www.facebook.com/gather",
  instagramUrl: "https://www.instagram.com/gather",
  paymeClaimHours: 24,
};

function errorsOf(input: Record<string, unknown>) {
  const result = siteSettingsSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("siteSettingsSchema", () => {
  it("reads Hong Kong time, a Hong Kong WhatsApp number and the rates", () => {
    const value = siteSettingsSchema.parse(valid);
    expect(value.reopenAt.toISOString()).toBe("2022-10-16T21:00:00.000Z");
    expect(value.supportWhatsapp).toBe("85291234567");
    expect(value.cardFeePercent).toBe(150);
    expect(value.referralPercent).toBe(5);
  });

  it("keeps a full international number", () => {
    const value = siteSettingsSchema.parse({ ...valid, supportWhatsapp: "+852 9123-4567" });
    expect(value.supportWhatsapp).toBe("85291234567");
    expect(siteSettingsSchema.parse({ ...valid, supportWhatsapp: "+86 138 0013 8000" }).supportWhatsapp).toBe(
      "8613800138000",
    );
  });

  it("names each bad field with a catalogue key", () => {
    expect(
      errorsOf({
        ...valid,
        reopenAt: "2023-02-30T10:00",
        shopName: " ",
        supportWhatsapp: "1234",
        facebookUrl: "javascript:alert(1)",
        instagramUrl: "",
      }),
    ).toEqual({
      reopenAt: "admin.validation.dateTime",
      shopName: "validation.required",
      supportWhatsapp: "admin.validation.whatsapp",
      facebookUrl: "admin.validation.url",
      instagramUrl: "validation.required",
    });
  });

  it("takes the PayMe confirmation window in whole hours from 1 to 168 (decision 0025)", () => {
    expect(siteSettingsSchema.parse({ ...valid, paymeClaimHours: 1 }).paymeClaimHours).toBe(1);
    expect(siteSettingsSchema.parse({ ...valid, paymeClaimHours: 168 }).paymeClaimHours).toBe(168);
    for (const hours of [0, -3, 169, 2.5, Number.NaN]) {
      expect(errorsOf({ ...valid, paymeClaimHours: hours }), String(hours)).toEqual({
        paymeClaimHours: Number.isNaN(hours) ? "validation.number" : "admin.validation.paymeClaimHours",
      });
    }
    expect(errorsOf({ ...valid, paymeClaimHours: undefined })).toEqual({
      paymeClaimHours: "validation.number",
    });
  });

  it("takes the card fee in percent to two decimals, as basis points", () => {
    const fee = (cardFeePercent: string) =>
      siteSettingsSchema.parse({ ...valid, cardFeePercent }).cardFeePercent;
    expect(fee("0")).toBe(0);
    expect(fee("2")).toBe(200);
    expect(fee("1.25")).toBe(125);
    expect(fee(" 2.5% ")).toBe(250);
    expect(fee("10")).toBe(1_000);
    expect(errorsOf({ ...valid, cardFeePercent: "10.01" })).toEqual({
      cardFeePercent: "admin.validation.cardFeeRange",
    });
    expect(errorsOf({ ...valid, cardFeePercent: "1.555" })).toEqual({
      cardFeePercent: "admin.validation.percentDecimals",
    });
    expect(errorsOf({ ...valid, cardFeePercent: "-1" })).toEqual({ cardFeePercent: "validation.number" });
    expect(errorsOf({ ...valid, cardFeePercent: "abc" })).toEqual({ cardFeePercent: "validation.number" });
    expect(errorsOf({ ...valid, cardFeePercent: undefined })).toEqual({
      cardFeePercent: "validation.required",
    });
  });

  it("takes the referral reward as a whole percentage from 0 to 50", () => {
    expect(siteSettingsSchema.parse({ ...valid, referralPercent: 0 }).referralPercent).toBe(0);
    expect(siteSettingsSchema.parse({ ...valid, referralPercent: 50 }).referralPercent).toBe(50);
    expect(errorsOf({ ...valid, referralPercent: 51 })).toEqual({
      referralPercent: "admin.validation.referralRange",
    });
    expect(errorsOf({ ...valid, referralPercent: 2.5 })).toEqual({
      referralPercent: "admin.validation.referralRange",
    });
    expect(errorsOf({ ...valid, referralPercent: -1 })).toEqual({
      referralPercent: "admin.validation.referralRange",
    });
    expect(errorsOf({ ...valid, referralPercent: undefined })).toEqual({
      referralPercent: "validation.number",
    });
  });
});
