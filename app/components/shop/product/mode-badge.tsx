import type { ProductMode } from "~/domain/shared/pricing.ts";
import { useI18n } from "~/i18n/use-i18n.ts";

/** General group buys keep the badge's own colour (app.css); the others name theirs. */
const modeClass: Record<ProductMode, string> = {
  general: "mode-badge",
  limited: "mode-badge mode-badge-limited",
  instock: "mode-badge mode-badge-instock",
};

/** 一般團 / 限量團 / 現貨 (DESIGN §6). */
export function ModeBadge({ mode, className }: { mode: ProductMode; className?: string }) {
  const { t } = useI18n();
  return (
    <span className={className ? `${modeClass[mode]} ${className}` : modeClass[mode]}>
      {t(`mode.${mode}`)}
    </span>
  );
}
