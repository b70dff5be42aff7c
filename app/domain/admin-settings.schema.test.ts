import { describe, expect, it } from "vitest";
import { siteSettingsSchema } from "./admin-settings.schema.ts";

const valid = {
  maintenance: true,
  reopenAt: "2022-10-17T05:00",
  shopName: "齊齊買",
  supportWhatsapp: "9123 4567",
  topBanners: "全場滿$500免運費\r\n\n  新會員首單九折  \n",
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
  it("reads Hong Kong time, a Hong Kong WhatsApp number and one banner per line", () => {
    const value = siteSettingsSchema.parse(valid);
    expect(value.reopenAt.toISOString()).toBe("2022-10-16T21:00:00.000Z");
    expect(value.supportWhatsapp).toBe("85291234567");
    expect(value.topBanners).toEqual(["全場滿$500免運費", "新會員首單九折"]);
  });

  it("keeps a full international number and allows no banners", () => {
    const value = siteSettingsSchema.parse({ ...valid, supportWhatsapp: "+852 9123-4567", topBanners: "" });
    expect(value.supportWhatsapp).toBe("85291234567");
    expect(value.topBanners).toEqual([]);
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

  it("limits the banner lines", () => {
    expect(
      errorsOf({ ...valid, topBanners: Array.from({ length: 11 }, (_, i) => `第${i}句`).join("\n") }),
    ).toEqual({
      topBanners: "admin.validation.bannerCount",
    });
    expect(errorsOf({ ...valid, topBanners: "長".repeat(81) })).toEqual({
      topBanners: "admin.validation.bannerLength",
    });
  });
});
