import { useEffect, useState } from "react";
import { remainingUntil } from "~/domain/shared/countdown.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

/** A live countdown to `target` (ISO string); renders the same text on server and client first. */
export function Countdown({ target, serverNow }: { target: string; serverNow?: string }) {
  const [now, setNow] = useState(() => new Date(serverNow ?? Date.now()));
  const { t } = useI18n();
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = remainingUntil(new Date(target), now);
  if (left.reached) {
    return <span className="countdown">{t("countdown.reached")}</span>;
  }
  const parts: [number, string][] = [
    [left.days, t("countdown.days")],
    [left.hours, t("countdown.hours")],
    [left.minutes, t("countdown.minutes")],
    [left.seconds, t("countdown.seconds")],
  ];
  // Every group product's card has one: a figure and its unit are two nodes, not three elements;
  // a card's figures are smaller (app.css).
  return (
    <span className="countdown">
      {parts.flatMap(([value, unit]) => [<b key={unit}>{String(value).padStart(2, "0")}</b>, unit])}
    </span>
  );
}
