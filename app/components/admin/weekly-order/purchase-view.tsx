import { t } from "~/i18n/admin.ts";
import { EmptyNote, tdClass, thClass, ViewSection, weight } from "./shared.tsx";

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
        <ViewSection
          key={merchant.merchantId ?? "none"}
          testId="purchase-merchant"
          title={merchant.merchantName ?? t("admin.weekly.noMerchant")}
          count={t("admin.weekly.merchantProducts", { count: merchant.products.length })}
          caption={`${t("admin.weekly.view.purchase")} ${merchant.merchantName ?? ""}`}
        >
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
                <td className={`${tdClass} text-right`}>{weight(product.estimatedWeight, product.unit)}</td>
                <td className={`${tdClass} text-right`}>
                  {product.weightLines === 0 ? t("admin.none") : weight(product.weighedWeight, product.unit)}
                </td>
              </tr>
            ))}
          </tbody>
        </ViewSection>
      ))}
    </div>
  );
}
