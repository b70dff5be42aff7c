import { t } from "~/i18n/index.ts";
import type { Route } from "./+types/home.ts";

export const meta: Route.MetaFunction = () => [
  { title: t("page.home.title") },
  { name: "description", content: t("page.home.description") },
];

export default function Home() {
  return <h1 className="text-2xl font-bold">{t("shop.name")}</h1>;
}
