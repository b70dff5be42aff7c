import { describe, expect, it } from "vitest";
import { registerSchema } from "~/domain/members/member.schema.ts";
import { supplierEnquirySchema, surveySchema } from "~/domain/messages/enquiry.schema.ts";
import { parseForm } from "./form-parse.ts";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("parseForm", () => {
  it("reports every empty required field with the spec's message key", () => {
    const submission = parseForm(
      form([
        ["company", ""],
        ["name", " "],
      ]),
      supplierEnquirySchema,
    );
    expect(submission.status).toBe("error");
    if (submission.status === "success") return;
    expect(submission.error).toMatchObject({
      company: ["validation.required"],
      name: ["validation.required"],
      phone: ["validation.required"],
      email: ["validation.required"],
      category: ["validation.required"],
      message: ["validation.required"],
    });
  });

  it("refuses a short phone and a bad email with their own messages", () => {
    const submission = parseForm(
      form([
        ["phone", "9123 456"],
        ["email", "not-an-email"],
      ]),
      supplierEnquirySchema,
    );
    if (submission.status === "success") throw new Error("should fail");
    expect(submission.error?.phone).toEqual(["validation.phone"]);
    expect(submission.error?.email).toEqual(["validation.email"]);
  });

  it("normalises +852 numbers, reads checkboxes and turns one ticked box into a list", () => {
    const register = parseForm(
      form([
        ["phone", "+852 9123 4567"],
        ["code", "123456"],
        ["firstName", "大文"],
        ["lastName", "陳"],
        ["email", "tai@example.hk"],
        ["agreePromotion", "on"],
        ["referrer", "6123 4567"],
      ]),
      registerSchema,
    );
    expect(register.status).toBe("success");
    if (register.status !== "success") return;
    expect(register.value).toMatchObject({ phone: "91234567", referrer: "61234567", agreePromotion: true });

    const survey = parseForm(
      form([
        ["rating", "5"],
        ["frequency", "weekly"],
        ["interests", "beef"],
      ]),
      surveySchema,
    );
    expect(survey.status === "success" && survey.value.interests).toEqual(["beef"]);
  });

  it("refuses the member's own number as referrer and a district outside the area", () => {
    const submission = parseForm(
      form([
        ["phone", "91234567"],
        ["code", "123456"],
        ["firstName", "大文"],
        ["lastName", "陳"],
        ["email", "tai@example.hk"],
        ["referrer", "9123 4567"],
        ["area", "香港島"],
        ["adminDistrict", "觀塘區"],
      ]),
      registerSchema,
    );
    if (submission.status === "success") throw new Error("should fail");
    expect(submission.error?.referrer).toEqual(["toast.referrerSelf"]);
    expect(submission.error?.adminDistrict).toEqual(["validation.district"]);
  });
});
