import { z } from "zod";
import { parseTableState, type TableState } from "../shared/admin-table.ts";
import { hkAreaNames, isDistrictOf } from "../shared/hk-districts.ts";
import { list } from "../shared/record-fields.ts";
import { checkbox, optionalEmail, optionalText, requiredText } from "../shared/validation.ts";

/** SPEC §3 User.type: the values the back office may set. */
export const memberTypeValues = ["member", "admin"] as const;

/** The part of a member an admin may edit at /admin/member/:id. */
export const memberEditSchema = z
  .object({
    lastName: requiredText(40),
    firstName: requiredText(40),
    email: optionalEmail,
    area: z.enum(hkAreaNames).optional(),
    adminDistrict: optionalText(20),
    district: optionalText(60),
    type: z.enum(memberTypeValues, { error: "validation.required" }),
    agreePromotion: checkbox,
  })
  .refine(
    (value) =>
      !value.adminDistrict || (value.area !== undefined && isDistrictOf(value.area, value.adminDistrict)),
    { path: ["adminDistrict"], message: "validation.district" },
  );
export type MemberEditInput = z.output<typeof memberEditSchema>;

/** The promotion-consent filter of the member list. */
export const promotionFilters = ["all", "yes", "no"] as const;
type PromotionFilter = (typeof promotionFilters)[number];

export interface MemberListQuery extends TableState {
  promotion: PromotionFilter;
}

export function parseMemberListQuery(params: URLSearchParams): MemberListQuery {
  const promo = params.get("promo");
  const promotion = promotionFilters.find((value) => value === promo) ?? "all";
  return { ...parseTableState(params), promotion };
}

/** How many members one CSV of selected rows may name (two full pages). */
const EXPORT_SELECTION_MAX = 200;

/** What /admin/member/export.csv exports: the ticked rows, or every member who agreed to promotions. */
export const memberExportSchema = z.discriminatedUnion("scope", [
  z.object({ scope: z.literal("selected"), ids: list(z.array(z.uuid()).min(1).max(EXPORT_SELECTION_MAX)) }),
  z.object({ scope: z.literal("opted-in") }),
]);
export type MemberExport = z.output<typeof memberExportSchema>;
