import { useEffect, useState } from "react";
import { useFetchers, useNavigation } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";

/** SPEC §4: a global overlay while navigations and submissions run; shown after 200 ms to avoid flicker. */
export function LoadingOverlay() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state === "submitting");
  const [visible, setVisible] = useState(false);
  const { t } = useI18n();

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), 200);
    return () => clearTimeout(timer);
  }, [busy]);

  if (!visible) return null;
  return (
    <div
      className="fixed inset-0 z-[60] flex items-center justify-center bg-white/50"
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
    >
      <div className="flex items-center gap-3 rounded-full bg-white px-5 py-3 shadow-lg">
        <span className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
        <span className="text-sm text-stone-700">{t("overlay.loading")}</span>
      </div>
    </div>
  );
}
