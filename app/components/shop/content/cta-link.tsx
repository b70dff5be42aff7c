import type { ReactNode } from "react";
import { Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n.ts";

const variants = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "border border-brand-300 bg-white text-brand-800 hover:bg-brand-50",
} as const;

/** A link that looks like a button, for a page's main actions; `to` is a storefront path, kept in the page's language. */
export function CtaLink({
  to,
  variant = "primary",
  children,
}: {
  to: string;
  variant?: keyof typeof variants;
  children: ReactNode;
}) {
  const i18n = useI18n();
  return (
    <Link
      to={i18n.to(to)}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2 font-semibold ${variants[variant]}`}
    >
      {children}
    </Link>
  );
}
