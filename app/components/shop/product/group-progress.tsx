import { useRouteLoaderData } from "react-router";
import { Countdown } from "~/components/ui/countdown.tsx";
import { type GroupProgress, groupProgress, type ProductView } from "~/domain/catalogue/catalogue.ts";
import { useI18n } from "~/i18n/use-i18n.ts";
import type { loader as rootLoader } from "~/root.tsx";

/** DESIGN §4.3: 已有 N 人參團 / 目標 M 人, a bar, and what is still missing. */
function ProgressBar({ progress }: { progress: GroupProgress }) {
  const { t } = useI18n();
  return (
    <div>
      <p className="progress-text">
        <span>{t("product.progress", { buyers: progress.buyers, target: progress.target })}</span>
        <span className={progress.met ? "font-semibold text-emerald-700" : undefined}>
          {progress.met
            ? t("product.progressMet")
            : t("product.progressMissing", { missing: progress.missing })}
        </span>
      </p>
      <div
        className={progress.met ? "progress-track progress-track-met" : "progress-track"}
        aria-hidden="true"
      >
        <div style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  );
}

/** The live countdown to the open cycle's cut-off, rendered alike on server and client. */
export function CutoffCountdown({ cutoffAt }: { cutoffAt: string }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { t } = useI18n();
  return (
    <p className="cutoff">
      <span>{t("product.cutoff")}</span>
      <Countdown target={cutoffAt} serverNow={root?.now} />
    </p>
  );
}

/** Progress and countdown of a group product; nothing for instock items. */
export function GroupStatus({
  product,
  cutoffAt,
}: {
  product: Pick<ProductView, "mode" | "targetBuyers" | "buyers">;
  cutoffAt: string | null;
}) {
  const progress = groupProgress(product, product.buyers);
  if (!progress) return null;
  return (
    <div className="group-status">
      <ProgressBar progress={progress} />
      {cutoffAt ? <CutoffCountdown cutoffAt={cutoffAt} /> : null}
    </div>
  );
}
