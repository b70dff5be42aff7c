import { z } from "zod";
import { parseTableState, type TableState } from "../shared/admin-table.ts";
import { parseRecordId } from "../shared/record-fields.ts";
import { messageKeys, optionalText } from "../shared/validation.ts";
import { CAMPAIGN_BODY_MAX, CAMPAIGN_SUBJECT_MAX } from "./email-campaign.ts";

/**
 * /admin/email (issue 7 item 3): the compose form. One schema for Conform in the browser and for the
 * action; `intent` says which button was pressed (save the draft, send a test to yourself, send).
 */
const campaignIntents = ["save", "test", "send"] as const;
export type CampaignIntent = (typeof campaignIntents)[number];

export const campaignSchema = z
  .object({
    subject: z
      .string({ error: messageKeys.required })
      .trim()
      .min(1, messageKeys.required)
      .max(CAMPAIGN_SUBJECT_MAX, messageKeys.tooLong),
    body: z
      .string({ error: messageKeys.required })
      .trim()
      .min(1, messageKeys.required)
      .max(CAMPAIGN_BODY_MAX, messageKeys.tooLong),
    // Issue 48: the same campaign for members who read English, both or neither.
    subjectEn: optionalText(CAMPAIGN_SUBJECT_MAX),
    bodyEn: optionalText(CAMPAIGN_BODY_MAX),
    intent: z.enum(campaignIntents).default("save"),
  })
  .superRefine((value, context) => {
    if (Boolean(value.subjectEn) === Boolean(value.bodyEn)) return;
    context.addIssue({
      code: "custom",
      message: "admin.email.englishBoth",
      path: [value.subjectEn ? "bodyEn" : "subjectEn"],
    });
  });
export type CampaignInput = z.output<typeof campaignSchema>;

/** What the admin sees per recipient in a campaign's detail; "pending" includes one being sent. */
export const recipientFilters = ["all", "pending", "sent", "failed"] as const;
type RecipientFilter = (typeof recipientFilters)[number];

export interface RecipientListQuery extends TableState {
  status: RecipientFilter;
}

export function parseRecipientListQuery(params: URLSearchParams): RecipientListQuery {
  const wanted = params.get("status");
  const status = recipientFilters.find((value) => value === wanted) ?? "all";
  return { ...parseTableState(params), status };
}

/** A campaign id from the address (`/admin/email/12`), or null. */
export const parseCampaignId = parseRecordId;

/** A campaign's state (email_campaigns.status) and a recipient's (email_campaign_recipients.status). */
export type CampaignStatus = "draft" | "sending" | "sent";
export type RecipientStatus = "pending" | "sending" | "sent" | "failed";

/** Why a recipient failed, from the sender's `last_error` (`<failure>: <server's words>`). */
const recipientFailures = ["rejected", "deferred", "unavailable", "unknown", "unsubscribed"] as const;
export type RecipientFailure = (typeof recipientFailures)[number];

export function recipientFailure(lastError: string | null): RecipientFailure | null {
  if (!lastError) return null;
  const kind = lastError.split(":", 1)[0]!.trim();
  return recipientFailures.find((value) => value === kind) ?? null;
}
