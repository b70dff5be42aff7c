import { describe, expect, it } from "vitest";
import { parseForm } from "~/web/form-parse.ts";
import { enquirySchema } from "./enquiry.schema.ts";
import { ENQUIRY_MESSAGE_MAX } from "./enquiry-options.ts";

/** The contact form as the browser sends it: every field a string, empty when left blank. */
function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries({ name: "", phone: "", email: "", message: "", ...fields })) {
    data.append(name, value);
  }
  return data;
}

const errorsOf = (fields: Record<string, string>) => {
  const submission = parseForm(form(fields), enquirySchema);
  return submission.status === "success" ? {} : submission.error;
};

describe("enquirySchema (the contact form, browser and server alike)", () => {
  it("takes a name, a phone in any Hong Kong format and a message", () => {
    const submission = parseForm(
      form({ name: " 陳大文 ", phone: "+852 9123-4567", message: "自取點幾點開？" }),
      enquirySchema,
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      name: "陳大文",
      phone: "91234567",
      message: "自取點幾點開？",
    });
  });

  it("takes an email instead of a phone", () => {
    expect(errorsOf({ name: "Mary", email: "mary@example.hk", message: "Hello" })).toEqual({});
  });

  it("needs a name, a message and at least one of phone or email", () => {
    expect(errorsOf({})).toEqual({
      name: ["validation.required"],
      message: ["validation.required"],
      phone: ["validation.phoneOrEmail"],
    });
    expect(errorsOf({ name: "陳", message: "   " })).toMatchObject({ message: ["validation.required"] });
  });

  it("names a bad phone and a bad email with the spec's messages", () => {
    expect(errorsOf({ name: "陳", phone: "1234", email: "not-an-email", message: "hi" })).toEqual({
      phone: ["validation.phone"],
      email: ["validation.email"],
    });
  });

  it(`refuses a message over ${ENQUIRY_MESSAGE_MAX} characters and takes one of exactly that length`, () => {
    expect(
      errorsOf({ name: "陳", phone: "91234567", message: "買".repeat(ENQUIRY_MESSAGE_MAX + 1) }),
    ).toEqual({
      message: ["validation.tooLong"],
    });
    expect(errorsOf({ name: "陳", phone: "91234567", message: "買".repeat(ENQUIRY_MESSAGE_MAX) })).toEqual(
      {},
    );
  });

  it("keeps markup in a message as the text it is (rendering escapes it)", () => {
    const message = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const submission = parseForm(form({ name: "<b>x</b>", phone: "91234567", message }), enquirySchema);
    expect(submission.status === "success" && submission.value).toMatchObject({ name: "<b>x</b>", message });
  });
});
