import { describe, expect, it } from "vitest";
import { parseFeedbackIntent, replySchema } from "./admin-feedback.schema.ts";
import { REPLY_MAX } from "./enquiry-inbox.ts";

describe("replySchema", () => {
  it("trims the reply and needs some text", () => {
    expect(replySchema("email").parse({ body: "  多謝查詢  " })).toEqual({ body: "多謝查詢" });
    const empty = replySchema("email").safeParse({ body: "   " });
    expect(empty.error?.issues[0]?.message).toBe("validation.required");
    expect(replySchema("sms").safeParse({}).error?.issues[0]?.message).toBe("validation.required");
  });

  it("allows a longer reply by email than by SMS, each with its own message", () => {
    const long = "字".repeat(REPLY_MAX.sms + 1);
    expect(replySchema("email").safeParse({ body: long }).success).toBe(true);
    expect(replySchema("sms").safeParse({ body: long }).error?.issues[0]?.message).toBe(
      "admin.feedback.validation.smsTooLong",
    );
    expect(
      replySchema("email").safeParse({ body: "字".repeat(REPLY_MAX.email + 1) }).error?.issues[0]?.message,
    ).toBe("admin.feedback.validation.emailTooLong");
  });
});

describe("parseFeedbackIntent", () => {
  it("knows reply, close and reopen only", () => {
    expect(parseFeedbackIntent("reply")).toBe("reply");
    expect(parseFeedbackIntent("reopen")).toBe("reopen");
    expect(parseFeedbackIntent("delete")).toBeNull();
    expect(parseFeedbackIntent(null)).toBeNull();
  });
});
