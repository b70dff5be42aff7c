import { ImageOff, Pencil, Plus } from "lucide-react";
import { Link } from "react-router";
import { requireAdmin } from "~/auth/session.server.ts";
import { adminMeta } from "~/components/admin/admin-meta.ts";
import { AuditList } from "~/components/admin/audit-list.tsx";
import { Panel } from "~/components/admin/record-panel.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { EDITABLE_BANNER_KINDS, type EditableBannerKind } from "~/domain/site/admin-banner.schema.ts";
import { t } from "~/i18n/admin.ts";
import type { Route } from "./+types/banner.ts";

/**
 * /admin/banner (issue 27 item 6, DESIGN §4.15): what the storefront shows of the shop's own, by
 * kind in the storefront's order, switched off ones too; each opens its edit page.
 */
export const meta: Route.MetaFunction = () => adminMeta("admin.banners.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [byKind, history] = await Promise.all([
    context.services.site.banners.listAll(),
    context.services.site.banners.history(),
  ]);
  return { byKind, history };
}

type Row = Route.ComponentProps["loaderData"]["byKind"][EditableBannerKind][number];

export default function Banners({ loaderData }: Route.ComponentProps) {
  const { byKind, history } = loaderData;
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-800">{t("admin.banners.title")}</h1>
        <p className="mt-1 text-stone-700">{t("admin.banners.intro")}</p>
      </div>
      {EDITABLE_BANNER_KINDS.map((kind) => (
        <KindSection key={kind} kind={kind} rows={byKind[kind]} />
      ))}
      <Panel title={t("admin.banners.history")}>
        <AuditList entries={history} emptyText={t("admin.member.noHistory")} />
      </Panel>
    </div>
  );
}

function KindSection({ kind, rows }: { kind: EditableBannerKind; rows: Row[] }) {
  // SPEC §2: one popup at a time; the first switched-on one in order is the one visitors see.
  const livePopup = kind === "popup" ? rows.find((row) => row.active)?.id : undefined;
  return (
    <section
      className="rounded-xl bg-white p-4 shadow-sm sm:p-5"
      aria-labelledby={`banners-${kind}`}
      data-testid={`banners-${kind}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`banners-${kind}`} className="text-lg font-semibold text-stone-900">
            {t(`admin.banners.kind.${kind}`)}
          </h2>
          <p className="text-sm text-stone-600">{t(`admin.banners.hint.${kind}`)}</p>
        </div>
        <Link
          to={`/admin/banner/new?kind=${kind}`}
          className={buttonClass({ size: "sm", className: "inline-flex shrink-0 items-center gap-1.5" })}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t(`admin.banners.add.${kind}`)}
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="mt-3 rounded-lg bg-stone-50 p-3 text-sm text-stone-600">
          {t(`admin.banners.empty.${kind}`)}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-100">
          {rows.map((row) => (
            <li key={row.id} className="flex items-center gap-3 py-3">
              {kind === "top" ? null : <Thumbnail src={row.imageMobile} wide={kind === "carousel"} />}
              <div className="min-w-0 flex-1">
                <p
                  className={`break-words font-semibold ${row.active ? "text-stone-900" : "text-stone-500"}`}
                >
                  {row.title}
                </p>
                {row.subtitle ? <p className="truncate text-sm text-stone-600">{row.subtitle}</p> : null}
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-stone-600">
                  <StatusBadge active={row.active} live={row.id === livePopup} />
                  <span>{t("admin.banners.position", { position: row.position })}</span>
                  <span className="break-all">{row.href ?? t("admin.banners.noLink")}</span>
                </p>
              </div>
              <Link
                to={`/admin/banner/${row.id}`}
                aria-label={t("admin.banners.editNamed", { title: row.title })}
                className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
              >
                <Pencil className="size-4" aria-hidden="true" />
                {t("admin.banners.edit")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Thumbnail({ src, wide }: { src: string | null; wide: boolean }) {
  const size = wide ? "h-12 w-16 sm:w-24" : "size-12";
  if (!src) {
    return (
      <span className={`grid shrink-0 place-items-center rounded-md bg-stone-100 ${size}`}>
        <ImageOff className="size-5 text-stone-400" aria-hidden="true" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      className={`shrink-0 rounded-md bg-stone-100 object-cover ${size}`}
    />
  );
}

function StatusBadge({ active, live }: { active: boolean; live: boolean }) {
  if (live) {
    return (
      <span className="rounded-full bg-accent-600 px-2 py-0.5 font-semibold text-white">
        {t("admin.banners.popupLive")}
      </span>
    );
  }
  return (
    <span
      className={`rounded-full px-2 py-0.5 font-semibold ${
        active ? "bg-emerald-100 text-emerald-800" : "bg-stone-200 text-stone-700"
      }`}
    >
      {active ? t("admin.banners.shown") : t("admin.banners.hidden")}
    </span>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/route-error.tsx";
