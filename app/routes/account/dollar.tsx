import { Coins } from "lucide-react";
import { Link } from "react-router";
import { requireMember } from "~/auth/session.server.ts";
import type { PageHandle } from "~/components/layout/page-handle.ts";
import { LEDGER_PAGE_SIZE } from "~/domain/dollars/ledger-reasons.ts";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/dollar.ts";

export const handle: PageHandle = { messages: ["orders"], titleBar: "dollar.title" };

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    { title: `${t("dollar.title")} | ${t("shop.name")}` },
    { name: "description", content: t("dollar.description") },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember(request, context);
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page")) || 1));
  const [profile, records] = await Promise.all([
    context.services.members.getProfile(member.id),
    context.services.dollars.memberRecords(member.id, page),
  ]);
  return {
    balanceCents: profile?.dDollarCents ?? 0,
    page,
    pages: Math.max(1, Math.ceil(records.total / LEDGER_PAGE_SIZE)),
    records: records.rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      reason: row.reason,
      note: row.note,
      orderNumber: row.orderNumber,
      amountCents: row.amountCents,
      balanceCents: row.balanceCents,
    })),
  };
}

const HAN = /\p{Script=Han}/u;

export default function DollarRecords({ loaderData }: Route.ComponentProps) {
  const { balanceCents, records, page, pages } = loaderData;
  const { t, to, money, dateTime, contentLang } = useI18n();
  return (
    <section className="mx-auto max-w-3xl space-y-4" aria-labelledby="dollar-balance">
      <div className="flex items-center gap-4 rounded-2xl bg-brand-700 p-5 text-white shadow-sm">
        <Coins className="size-10 shrink-0 text-amber-300" aria-hidden="true" />
        <div>
          <h2 id="dollar-balance" className="text-sm text-brand-100">
            {t("dollar.balance")}
          </h2>
          <p className="text-3xl font-black tabular-nums" data-testid="dollar-balance">
            {money(balanceCents)}
          </p>
          <p className="text-xs text-brand-100">{t("dollar.balanceHint")}</p>
        </div>
      </div>

      {records.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-stone-700 shadow-sm">{t("dollar.empty")}</p>
      ) : (
        <section
          aria-labelledby="dollar-records"
          className="rounded-xl bg-white shadow-sm ring-1 ring-stone-200"
        >
          <h2 id="dollar-records" className="border-b border-stone-200 px-4 py-3 font-bold text-brand-800">
            {t("dollar.records")}
          </h2>
          <ul className="divide-y divide-stone-200">
            {records.map((record) => (
              <li
                key={record.id}
                className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3"
                data-testid="dollar-record"
              >
                <p className="font-semibold text-stone-900">{t(`dollar.reason.${record.reason}`)}</p>
                <p
                  className={`text-right font-bold tabular-nums ${record.amountCents > 0 ? "text-emerald-700" : "text-stone-900"}`}
                  data-testid="dollar-amount"
                >
                  {record.amountCents > 0 ? "+" : ""}
                  {money(record.amountCents)}
                </p>
                <p className="text-sm text-stone-600">
                  <time dateTime={record.at}>{dateTime(new Date(record.at))}</time>
                  {record.orderNumber ? (
                    <>
                      <span aria-hidden="true"> · </span>
                      <Link to={to("/order")} className="underline underline-offset-2">
                        {t("dollar.orderNumber", { number: record.orderNumber })}
                      </Link>
                    </>
                  ) : null}
                  {/* Written by the shop or its staff: Chinese, or a payment provider's name. */}
                  {record.note ? (
                    <span
                      className="block text-stone-700"
                      lang={HAN.test(record.note) ? contentLang : undefined}
                    >
                      {record.note}
                    </span>
                  ) : null}
                </p>
                <p className="text-right text-sm text-stone-600 tabular-nums">
                  {t("dollar.after")} {money(record.balanceCents)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}

      {pages > 1 ? (
        <nav className="flex items-center justify-between text-sm" aria-label={t("dollar.records")}>
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className="rounded-full bg-white px-4 py-2 shadow-sm">
              {t("dollar.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone-600">{t("dollar.pageOf", { page, pages })}</span>
          {page < pages ? (
            <Link to={`?page=${page + 1}`} className="rounded-full bg-white px-4 py-2 shadow-sm">
              {t("dollar.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
