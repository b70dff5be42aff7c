import { requireAdmin } from "~/auth/session.server.ts";
import { type MemberExport, memberExportSchema } from "~/domain/members/admin-member.schema.ts";
import { toCsv } from "~/domain/shared/csv.ts";
import { formatHkAdminTime, toHkLocalInput } from "~/domain/shared/hk-time.ts";
import { t } from "~/i18n/admin.ts";
import type { AdminMemberRow } from "~/services/members/members-admin.server.ts";
import { parseForm } from "~/web/form-parse.ts";
import { readForm } from "~/web/request-body.server.ts";
import type { Route } from "./+types/member-export.ts";

/**
 * /admin/member/export.csv: GET ?scope=opted-in exports every member who agreed to promotions;
 * POST scope=selected&ids=… exports the rows ticked in the table. Admins only, like every admin URL.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const scope = new URL(request.url).searchParams.get("scope");
  const parsed = memberExportSchema.safeParse({ scope });
  // A selection is posted (too many ids for a URL); GET only serves the opted-in list.
  if (!parsed.success || parsed.data.scope !== "opted-in") return badRequest();
  return csvResponse(admin.id, parsed.data, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const formData = await readForm(request, { schemas: [memberExportSchema] });
  const submission = parseForm(formData, memberExportSchema);
  if (submission.status !== "success") return badRequest();
  return csvResponse(admin.id, submission.value, context);
}

function badRequest() {
  return new Response(t("error.generic"), {
    status: 400,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

const header = [
  t("admin.members.col.phone"),
  t("admin.csv.lastName"),
  t("admin.csv.firstName"),
  t("admin.members.col.email"),
  t("admin.csv.area"),
  t("admin.csv.adminDistrict"),
  t("admin.csv.district"),
  t("admin.members.col.type"),
  t("admin.members.col.agreePromotion"),
  t("admin.members.col.dDollar"),
  t("admin.members.col.createdAt"),
  t("admin.members.col.lastLogin"),
  t("admin.member.referrerPhone"),
  t("admin.csv.referrerName"),
];

function csvRowOf(row: AdminMemberRow) {
  return [
    row.phone,
    row.lastName,
    row.firstName,
    row.email,
    row.area,
    row.adminDistrict,
    row.district,
    t(`admin.members.type.${row.type}`),
    row.agreePromotion ? t("admin.yes") : t("admin.no"),
    row.dDollarCents / 100,
    formatHkAdminTime(row.createdAt),
    row.lastLogin ? formatHkAdminTime(row.lastLogin) : null,
    row.referrerPhone,
    row.referrerPhone ? `${row.referrerLastName ?? ""}${row.referrerFirstName ?? ""}` : null,
  ];
}

async function csvResponse(actorId: string, selection: MemberExport, context: Route.LoaderArgs["context"]) {
  const rows = await context.services.members.admin.exportMembers(actorId, selection);
  const stamp = toHkLocalInput(new Date()).replace(/[-:]/g, "").replace("T", "-");
  const name = `members-${selection.scope}-${stamp}.csv`;
  return new Response(toCsv(header, rows.map(csvRowOf)), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      // Personal data: never kept by a shared cache.
      "cache-control": "no-store",
    },
  });
}
