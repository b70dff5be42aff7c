import { Countdown } from "~/components/ui/countdown.tsx";
import { useI18n } from "~/i18n/use-i18n.ts";

export function MaintenancePage({ reopenAt, now }: { reopenAt: string; now: string }) {
  const reached = new Date(reopenAt).getTime() <= new Date(now).getTime();
  const { t, dateTime } = useI18n();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-brand-50 px-6 py-12 text-center">
      <title>{`${t("maintenance.title")} | ${t("shop.name")}`}</title>
      <p className="text-3xl font-black text-brand-700">{t("shop.name")}</p>
      <h1 className="mt-6 text-2xl font-bold">{t("maintenance.title")}</h1>
      <p className="mt-3 max-w-md text-stone-700">{t("maintenance.body")}</p>
      <section
        className="mt-8 rounded-2xl bg-white px-6 py-5 shadow-sm"
        aria-label={t("maintenance.countdown")}
      >
        <h2 className="text-sm text-stone-500">{t("maintenance.countdown")}</h2>
        <p className="mt-2 text-brand-800">
          <Countdown target={reopenAt} serverNow={now} />
        </p>
        <p className="mt-2 text-sm text-stone-600">
          {t("maintenance.reopenAt", { time: dateTime(new Date(reopenAt)) })}
        </p>
        {reached ? <p className="mt-2 text-sm text-accent-600">{t("maintenance.reached")}</p> : null}
      </section>
      <section className="mt-8 max-w-md">
        <h2 className="font-semibold text-brand-800">{t("maintenance.blurbTitle")}</h2>
        <p className="mt-2 text-sm leading-6 text-stone-600">{t("maintenance.blurb")}</p>
      </section>
    </main>
  );
}
