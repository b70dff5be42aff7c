import { t } from "~/i18n/admin.ts";
import { EmptyNote, sectionClass, tdClass, thClass, weight } from "./shared.tsx";

/** What to buy from one merchant (none: products without a merchant). */
export interface PurchaseMerchant {
  merchantId: number | null;
  merchantName: string | null;
  products: Array<{
    productId: number;
    name: string;
    unit: string;
    quantity: number;
    estimatedWeight: number | null;
    weighedWeight: number | null;
    weightLines: number;
  }>;
}

/** /admin/weekly-order/purchase: what to order from each merchant. */
export function PurchaseView({ merchants }: { merchants: PurchaseMerchant[] }) {
  if (merchants.length === 0) {
    return <EmptyNote>{t("admin.weekly.emptyProducts")}</EmptyNote>;
  }
  return (
    <div className="flex flex-col gap-4">
      {merchants.map((merchant) => (
        <section
          key={merchant.merchantId ?? "none"}
          className={`${sectionClass} print:break-after-page`}
          data-testid="purchase-merchant"
        >
          <h2 className="flex flex-wrap items-baseline justify-between gap-2 border-b border-stone-200 px-3 py-2.5">
            <span className="text-lg font-semibold text-stone-900">
              {merchant.merchantName ?? t("admin.weekly.noMerchant")}
            </span>
            <span className="text-sm text-stone-600">
              {t("admin.weekly.merchantProducts", { count: merchant.products.length })}
            </span>
          </h2>
          <div className="overflow-x-auto print:overflow-visible">
            <table className="min-w-full text-sm">
              <caption className="sr-only">{`${t("admin.weekly.view.purchase")} ${merchant.merchantName ?? ""}`}</caption>
              <thead className="bg-stone-50">
                <tr>
                  <th scope="col" className={thClass}>
                    {t("admin.weekly.col.product")}
                  </th>
                  <th scope="col" className={`${thClass} text-right`}>
                    {t("admin.weekly.col.quantity")}
                  </th>
                  <th scope="col" className={`${thClass} text-right`}>
                    {t("admin.weekly.col.estimated")}
                  </th>
                  <th scope="col" className={`${thClass} text-right`}>
                    {t("admin.weekly.col.weighed")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100 tabular-nums">
                {merchant.products.map((product) => (
                  <tr key={product.productId}>
                    <td className={tdClass}>{product.name}</td>
                    <td className={`${tdClass} text-right`}>{product.quantity}</td>
                    <td className={`${tdClass} text-right`}>
                      {weight(product.estimatedWeight, product.unit)}
                    </td>
                    <td className={`${tdClass} text-right`}>
                      {product.weightLines === 0
                        ? t("admin.none")
                        : weight(product.weighedWeight, product.unit)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
