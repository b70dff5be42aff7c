import { describe, expect, it } from "vitest";
import { memberEditSchema, memberExportSchema, parseMemberListQuery } from "./admin-member.schema.ts";

describe("memberEditSchema", () => {
  const valid = {
    lastName: "陳",
    firstName: "大文",
    email: "taiman@example.com",
    area: "九龍",
    adminDistrict: "觀塘區",
    type: "admin",
    agreePromotion: true,
  };

  it("accepts a member with a district of the chosen area", () => {
    expect(memberEditSchema.parse(valid)).toMatchObject({ type: "admin", adminDistrict: "觀塘區" });
  });

  it("refuses a district of another area and an unknown type", () => {
    const result = memberEditSchema.safeParse({ ...valid, adminDistrict: "沙田區", type: "owner" });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toContain("type");
  });
});

describe("parseMemberListQuery", () => {
  it("reads the promotion filter and ignores unknown values", () => {
    expect(parseMemberListQuery(new URLSearchParams("promo=yes&q=陳")).promotion).toBe("yes");
    expect(parseMemberListQuery(new URLSearchParams("promo=maybe")).promotion).toBe("all");
  });
});

describe("memberExportSchema", () => {
  it("needs at least one well-formed id for a selection", () => {
    expect(memberExportSchema.safeParse({ scope: "selected", ids: [] }).success).toBe(false);
    expect(memberExportSchema.safeParse({ scope: "selected", ids: ["1 or 1=1"] }).success).toBe(false);
    expect(
      memberExportSchema.safeParse({ scope: "selected", ids: ["4f1c9c1e-2b9d-4a51-9a53-0c0f3b0d6c11"] })
        .success,
    ).toBe(true);
    expect(memberExportSchema.safeParse({ scope: "opted-in" }).success).toBe(true);
  });
});
