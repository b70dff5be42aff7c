import { parseTableState, type TableState } from "../shared/admin-table.ts";

/** The kinds of message in the one inbox (issue 7): contact form, /cooperation and /survey. */
const enquiryKinds = ["feedback", "supplier", "survey"] as const;
export type EnquiryKind = (typeof enquiryKinds)[number];

/** new → replied (an admin answered) → closed (nothing more to do); closed can be reopened. */
const enquiryStatuses = ["new", "replied", "closed"] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

export const kindFilters = ["all", ...enquiryKinds] as const;
type KindFilter = (typeof kindFilters)[number];
export const statusFilters = ["all", ...enquiryStatuses] as const;
type StatusFilter = (typeof statusFilters)[number];

export interface EnquiryListQuery extends TableState {
  kind: KindFilter;
  status: StatusFilter;
}

/** /admin/feedback?q=&type=&status=&page= — anything unknown falls back to "all". */
export function parseEnquiryListQuery(params: URLSearchParams): EnquiryListQuery {
  const type = params.get("type");
  const status = params.get("status");
  return {
    ...parseTableState(params),
    kind: kindFilters.find((value) => value === type) ?? "all",
    status: statusFilters.find((value) => value === status) ?? "all",
  };
}

/** Characters of a message shown in the inbox table. */
const EXCERPT_LENGTH = 40;

/** The start of a message on one line, cut by characters (not UTF-16 halves of an emoji). */
export function excerpt(message: string, length = EXCERPT_LENGTH): string {
  const line = message.replace(/\s+/g, " ").trim();
  const characters = Array.from(line);
  return characters.length <= length ? line : `${characters.slice(0, length).join("")}…`;
}

export type ReplyChannel = "email" | "sms";

export interface ReplyRoute {
  channel: ReplyChannel;
  to: string;
}

/** An email when the customer gave one, an SMS when only a phone; null when neither (an anonymous survey). */
export function replyRoute(contact: { email: string | null; phone: string | null }): ReplyRoute | null {
  if (contact.email) return { channel: "email", to: contact.email };
  if (contact.phone) return { channel: "sms", to: contact.phone };
  return null;
}

/** An email reply may be as long as a message; an SMS reply stays within a few concatenated texts. */
export const REPLY_MAX = { email: 2000, sms: 500 } as const satisfies Record<ReplyChannel, number>;

/** After reopening, a message answered before is "replied" again; one never answered is "new". */
export function reopenedStatus(replyCount: number): EnquiryStatus {
  return replyCount > 0 ? "replied" : "new";
}
