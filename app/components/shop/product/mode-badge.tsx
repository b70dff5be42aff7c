import type { ProductMode } from "~/domain/shared/pricing.ts";
import { t } from "~/i18n/products.ts";

const modeClass: Record<ProductMode, string> = {
  general: "bg-brand-700 text-white",
  limited: "bg-rose-700 text-white",
  instock: "bg-emerald-700 text-white",
};

/** 一般團 / 限量團 / 現貨 (DESIGN §6). */
export function ModeBadge({ mode, className = "" }: { mode: ProductMode; className?: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-bold ${modeClass[mode]} ${className}`}
      data-testid="mode-badge"
    >
      {t(`mode.${mode}`)}
    </span>
  );
}
