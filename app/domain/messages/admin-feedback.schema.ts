import { z } from "zod";
import { REPLY_MAX, type ReplyChannel } from "./enquiry-inbox.ts";

/** What an admin does on /admin/feedback/:id. */
const feedbackIntents = ["reply", "close", "reopen"] as const;
export type FeedbackIntent = (typeof feedbackIntents)[number];

export function parseFeedbackIntent(value: FormDataEntryValue | null): FeedbackIntent | null {
  return feedbackIntents.find((intent) => intent === value) ?? null;
}

const tooLong = {
  email: "admin.feedback.validation.emailTooLong",
  sms: "admin.feedback.validation.smsTooLong",
} as const satisfies Record<ReplyChannel, string>;

/** The reply form; its length limit depends on how the reply travels (REPLY_MAX). */
export function replySchema(channel: ReplyChannel) {
  return z.object({
    body: z
      .string({ error: "validation.required" })
      .trim()
      .min(1, "validation.required")
      .max(REPLY_MAX[channel], tooLong[channel]),
  });
}
