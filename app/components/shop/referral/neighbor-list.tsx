import { UserRound } from "lucide-react";
import { Link } from "react-router";
import { typedTextLang } from "~/domain/shared/content-language.ts";
import { hkInstantFigures } from "~/domain/shared/hk-time.ts";
import type { SentKey } from "~/i18n/keys.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

export interface Neighbor {
  /** As it may be shown: the loader masks both sides (`maskedNeighbor`) before they leave the server. */
  name: string;
  phone: string;
  createdAt: Date;
}

/** Who brought the member in, and the friends the member brought (SPEC §3 Neighbor). */
export function NeighborList({
  referrer,
  referees,
  canNameReferrer,
}: {
  referrer: Neighbor | null;
  referees: Neighbor[];
  /** False once the member has a paid order (DESIGN §4.8): the programme is for new members. */
  canNameReferrer: boolean;
}) {
  const { t, to } = useI18n();
  return (
    <section
      aria-labelledby="referral-neighbors-title"
      className="space-y-5 rounded-2xl bg-white p-5 shadow-sm sm:p-8"
      data-testid="referral-neighbors"
    >
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="referral-neighbors-title" className="text-xl font-bold text-brand-800">
            {t("referral.referees.title")}
          </h2>
          <span className="text-sm text-stone-600">
            {t("referral.referees.count", { count: referees.length })}
          </span>
        </div>
        {referees.length > 0 ? (
          <ul className="mt-3 divide-y divide-stone-100" data-testid="referees">
            {referees.map((referee) => (
              <NeighborRow key={`${referee.createdAt.toISOString()}-${referee.phone}`} neighbor={referee} />
            ))}
          </ul>
        ) : (
          <p className="mt-3 rounded-lg bg-stone-50 p-4 text-stone-600">{t("referral.referees.empty")}</p>
        )}
      </div>

      <div>
        <h3 className="font-bold text-brand-800">{t("referral.referrer.title")}</h3>
        {referrer ? (
          <ul className="mt-2" data-testid="referrer">
            <NeighborRow neighbor={referrer} />
          </ul>
        ) : canNameReferrer ? (
          <p className="mt-2 text-sm leading-6 text-stone-600">
            {t("referral.referrer.none")}{" "}
            <Link
              to={to("/account/profile")}
              className="font-semibold whitespace-nowrap text-brand-700 underline"
            >
              {t("referral.referrer.add")}
            </Link>
          </p>
        ) : (
          <p className="mt-2 text-sm leading-6 text-stone-600" data-testid="referrer-closed">
            {t("referral.referrer.closed")}
          </p>
        )}
      </div>
    </section>
  );
}

function NeighborRow({ neighbor }: { neighbor: Neighbor }) {
  const { t, contentLang } = useI18n();
  const joined = hkInstantFigures(neighbor.createdAt);
  return (
    <li className="flex items-center gap-3 py-2.5">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-rose-100 text-rose-700">
        <UserRound aria-hidden="true" className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        {/* A surname as the member wrote it: in Chinese on an English page, marked so. */}
        <span className="block font-semibold text-stone-900" lang={typedTextLang(neighbor.name, contentLang)}>
          {neighbor.name}
        </span>
        <span className="block text-sm text-stone-500 tabular-nums">{neighbor.phone}</span>
      </span>
      <span className="shrink-0 text-sm text-stone-600">
        {t("referral.joinedOn", {
          year: joined.year,
          month: t(`date.month.${joined.month}` as SentKey),
          day: joined.day,
          weekday: t(`date.weekday.${joined.weekday}` as SentKey),
        })}
      </span>
    </li>
  );
}
