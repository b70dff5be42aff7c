import { data, Link } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { i18nOf, useI18n } from "~/i18n/use-i18n.ts";
import type { Route } from "./+types/not-found.ts";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nOf(matches);
  return [
    { title: `${t("error.notFound.title")} | ${t("shop.name")}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function NotFound() {
  const { t, to } = useI18n();
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-6xl font-black text-brand-500" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">{t("error.notFound.title")}</h1>
      <p className="text-stone-600">{t("error.notFound.body")}</p>
      <Link to={to("/")} className={buttonClass({ size: "md" })}>
        {t("error.notFound.home")}
      </Link>
    </section>
  );
}

export { ShopErrorBoundary as ErrorBoundary } from "~/components/layout/route-error.tsx";
